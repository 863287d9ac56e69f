import type { Carrier } from '@portal/shared-api';
import {
  containerRequired,
  EMPTY_FORM,
  noteRequiresContainer,
  showsContainerFilter,
  supportedCodeTypes,
  toCreateBody,
  validateRequestForm,
} from './form-rules';

const carrier = (over: Partial<Carrier> = {}): Carrier => ({
  id: 7,
  official_name: 'Evergreen Marine',
  short_name: 'Evergreen',
  scac: 'EGLV',
  oicode: 'EGLV',
  request_type_support: { b_id: true, c_id: true, m_bl: true },
  ctt_quality: { note: 'Good coverage.', rank: 4 },
  booking_bl_required_container: false,
  ...over,
});
const NEEDS_CONTAINER = carrier({
  ctt_quality: {
    note: 'Bookings and B/Ls are only tracked per container: container number submission is needed.',
    rank: 3,
  },
});
const NO_BOOKING = carrier({ request_type_support: { b_id: false, c_id: true, m_bl: true } });

describe('tracking request form rules', () => {
  it('requires carrier, code type and code value', () => {
    expect(validateRequestForm(EMPTY_FORM, undefined)).toEqual({
      carrier_id: 'form.required',
      code_type: 'form.required',
      code_value: 'form.required',
    });
    expect(
      validateRequestForm({ ...EMPTY_FORM, carrier_id: '7', code_type: 'c_id', code_value: ' ' }, carrier()),
    ).toEqual({ code_value: 'form.required' });
  });

  it('offers only the code types the carrier supports', () => {
    expect(supportedCodeTypes(undefined)).toEqual(['c_id', 'b_id', 'm_bl']);
    expect(supportedCodeTypes(NO_BOOKING)).toEqual(['c_id', 'm_bl']);
    expect(
      validateRequestForm(
        { ...EMPTY_FORM, carrier_id: '7', code_type: 'b_id', code_value: 'BK1' },
        NO_BOOKING,
      ),
    ).toEqual({ code_type: 'form.notSupported' });
  });

  it('reads the quality note for "container number submission is needed"', () => {
    expect(noteRequiresContainer(NEEDS_CONTAINER.ctt_quality.note)).toBe(true);
    expect(noteRequiresContainer('Container numbers submission is needed')).toBe(true);
    // The note as the API words it for a Spanish user (api/src/i18n/catalogue.ts).
    expect(
      noteRequiresContainer(
        'Las reservas y los B/L solo se siguen por contenedor: es necesario enviar el número de contenedor.',
      ),
    ).toBe(true);
    expect(noteRequiresContainer('Good coverage.')).toBe(false);
    expect(noteRequiresContainer(null)).toBe(false);
  });

  it('asks for the container only for bookings and B/Ls of such a carrier', () => {
    expect(containerRequired(NEEDS_CONTAINER, 'b_id')).toBe(true);
    expect(containerRequired(NEEDS_CONTAINER, 'm_bl')).toBe(true);
    expect(containerRequired(NEEDS_CONTAINER, 'c_id')).toBe(false);
    expect(containerRequired(carrier(), 'b_id')).toBe(false);
    expect(containerRequired(undefined, 'b_id')).toBe(false);
  });

  it("gives 'Required input: Container.' (form.containerRequired) when the container is missing, and checks its format", () => {
    const values = { ...EMPTY_FORM, carrier_id: '7', code_type: 'b_id' as const, code_value: 'BK123' };
    expect(validateRequestForm(values, NEEDS_CONTAINER)).toEqual({ container: 'form.containerRequired' });
    expect(validateRequestForm({ ...values, container: 'abc' }, NEEDS_CONTAINER)).toEqual({
      container: 'lists:tagInput.containerFormat',
    });
    expect(validateRequestForm({ ...values, container: 'CSQU3054383' }, NEEDS_CONTAINER)).toEqual({});
    // the same values for a carrier that does not need it
    expect(validateRequestForm(values, carrier())).toEqual({});
  });

  it('refuses contractual dates that are not yyyy-MM-dd calendar dates', () => {
    const values = { ...EMPTY_FORM, carrier_id: '7', code_type: 'c_id' as const, code_value: 'CSQU3054383' };
    expect(
      validateRequestForm(
        { ...values, contractual_eta_pod: '2024-02-30', contractual_eta_dlv: '03/04/2024' },
        carrier(),
      ),
    ).toEqual({ contractual_eta_pod: 'form.invalidDate', contractual_eta_dlv: 'form.invalidDate' });
    expect(validateRequestForm({ ...values, contractual_eta_pod: '2024-02-29' }, carrier())).toEqual({});
  });

  it('builds the create body: ids as numbers, the container only when asked, no filter for containers', () => {
    const base = {
      ...EMPTY_FORM,
      carrier_id: '7',
      project_id: '3',
      code_value: ' BK123 ',
      container: 'CSQU3054383',
      container_filter: ['MSKU9070323'],
    };
    expect(toCreateBody({ ...base, code_type: 'b_id' }, NEEDS_CONTAINER)).toEqual({
      carrier_id: 7,
      project_id: 3,
      code_type: 'b_id',
      code_value: 'BK123',
      container: 'CSQU3054383',
      client_code: '',
      contractual_eta_pod: null,
      contractual_eta_dlv: null,
      container_filter: ['MSKU9070323'],
    });
    const body = toCreateBody({ ...base, project_id: '', code_type: 'c_id' }, carrier());
    expect(body).not.toHaveProperty('container');
    expect(body.project_id).toBeNull();
    expect(body.container_filter).toEqual([]);
    expect(showsContainerFilter('c_id')).toBe(false);
    expect(showsContainerFilter('m_bl')).toBe(true);
  });
});
