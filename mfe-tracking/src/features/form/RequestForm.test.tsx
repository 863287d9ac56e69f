import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { api, type Carrier, type Project } from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { LISTS_NS, listsResources } from '@portal/shared-ui/lists';
import { createTestI18n, testProject } from '@portal/shared-ui/testing';
import { NS, resources } from '../../i18n';
import { RequestForm } from './RequestForm';

const carrier = (id: number, name: string, over: Partial<Carrier> = {}): Carrier => ({
  id,
  official_name: name,
  short_name: name,
  scac: name.slice(0, 4).toUpperCase(),
  oicode: null,
  request_type_support: { b_id: true, c_id: true, m_bl: true },
  ctt_quality: { note: 'Good coverage.', rank: 4 },
  booking_bl_required_container: false,
  ...over,
});

const CARRIERS = [
  carrier(1, 'Maersk'),
  carrier(2, 'Evergreen Marine', {
    ctt_quality: { note: 'Bookings and B/Ls: container number submission is needed.', rank: 3 },
  }),
  carrier(3, 'Yang Ming', { request_type_support: { b_id: false, c_id: true, m_bl: true } }),
];
const PROJECTS = [testProject(9, 'Reefers')];

function setup({
  writable = true,
  projects = PROJECTS,
  lng = 'en',
}: { writable?: boolean; projects?: Project[]; lng?: 'en' | 'es' } = {}) {
  const i18n = createTestI18n(lng);
  for (const l of ['en', 'es'] as const) {
    i18n.addResourceBundle(l, NS, resources[l]);
    i18n.addResourceBundle(l, LISTS_NS, listsResources[l]);
  }
  const client = createQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryProvider>
  );
  const props = { onRefused: jest.fn(), onSaved: jest.fn(), onBack: jest.fn() };
  render(<RequestForm carriers={CARRIERS} projects={projects} writable={writable} {...props} />, {
    wrapper: Wrapper,
  });
  return { ...props, user: userEvent.setup() };
}

const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

/** GET carriers/detect/ as the API answers it for a few prefixes (by the number's first four letters). */
const DETECTIONS: Record<string, { match: string; carriers: { id: number; official_name: string }[] }> = {
  MSKU: { match: 'exact', carriers: [{ id: 1, official_name: 'Maersk' }] },
  MAEU: { match: 'exact', carriers: [{ id: 1, official_name: 'Maersk' }] },
  EGHU: { match: 'exact', carriers: [{ id: 2, official_name: 'Evergreen Marine' }] },
  SUDU: {
    match: 'ambiguous',
    carriers: [
      { id: 1, official_name: 'Maersk' },
      { id: 4, official_name: 'Hamburg Süd' },
    ],
  },
};
let detectCalls: { number: string; kind: string }[] = [];
beforeEach(() => {
  detectCalls = [];
  jest.spyOn(api, 'get').mockImplementation((path: string, options?: { query?: Record<string, unknown> }) => {
    if (path !== 'carriers/detect') throw new Error(`unexpected call ${path}`);
    const number = String(options?.query?.number);
    detectCalls.push({ number, kind: String(options?.query?.kind) });
    return Promise.resolve(DETECTIONS[number.slice(0, 4)] ?? { match: 'none', carriers: [] });
  });
});
afterEach(() => jest.restoreAllMocks());

describe('RequestForm: carrier from the number', () => {
  it('fills the carrier when exactly one matches, says so, and asks once typing pauses', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^Code value/), 'MSKU1234565');
    expect(
      await screen.findByText('Carrier recognised from the number: Maersk. You can change it.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Carrier*')).toHaveValue('1');
    expect(detectCalls).toEqual([{ number: 'MSKU1234565', kind: 'container' }]);
  });

  it('the user can still change it, and a carrier picked by hand is never replaced', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^Code value/), 'MSKU1234565');
    await screen.findByText(/Carrier recognised from the number/);
    await user.selectOptions(screen.getByLabelText('Carrier*'), 'Yang Ming');
    expect(screen.queryByText(/Carrier recognised from the number/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Code value/));
    await user.type(screen.getByLabelText(/^Code value/), 'EGHU1234565');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByLabelText('Carrier*')).toHaveValue('3');
  });

  it('asks when several carriers use the prefix, and fills nothing', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/^Code value/), 'SUDU1234565');
    expect(await screen.findByText('Several carriers use this prefix: pick one.')).toBeVisible();
    expect(screen.getByLabelText('Carrier*')).toHaveValue('');
  });

  it('asks when no carrier is recognised, and empties a carrier it had filled', async () => {
    const { user } = setup();
    const number = screen.getByLabelText(/^Code value/);
    await user.type(number, 'MSKU1234565');
    await screen.findByText(/Carrier recognised from the number: Maersk/);
    await user.clear(number);
    await user.type(number, 'TGHU1234565');
    expect(await screen.findByText('No carrier recognised from this number: pick one.')).toBeVisible();
    expect(screen.getByLabelText('Carrier*')).toHaveValue('');
    expect(screen.getByLabelText('Carrier*')).toHaveAccessibleDescription(
      /No carrier recognised from this number: pick one\./,
    );
  });

  it('reads a booking / B/L number by the code type chosen', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Code type*'), 'B/L number');
    await user.type(screen.getByLabelText(/^Code value/), 'maeu225123456');
    await screen.findByText(/Carrier recognised from the number: Maersk/);
    expect(detectCalls).toEqual([{ number: 'MAEU225123456', kind: 'bl' }]);
  });

  it('speaks Spanish', async () => {
    const { user } = setup({ lng: 'es' });
    const number = screen.getByLabelText('Código*');
    await user.type(number, 'SUDU1234565');
    expect(await screen.findByText('Varias navieras usan este prefijo: elija una.')).toBeVisible();
    await user.clear(number);
    await user.type(number, 'MSKU1234565');
    expect(
      await screen.findByText('Naviera reconocida a partir del número: Maersk. Puede cambiarla.'),
    ).toBeVisible();
    await user.clear(number);
    await user.type(number, 'TGHU1234565');
    expect(
      await screen.findByText('No se reconoce ninguna naviera a partir de este número: elija una.'),
    ).toBeVisible();
  });

  it('asks nothing without write permission', () => {
    setup({ writable: false });
    expect(detectCalls).toEqual([]);
  });
});

describe('RequestForm', () => {
  it('marks carrier, code type and code value as required when saving an empty form', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Carrier/)).toHaveAccessibleDescription(/This field is required\./);
    expect(screen.getByLabelText(/^Code type/)).toHaveAccessibleDescription(/This field is required\./);
    expect(screen.getByLabelText(/^Code value/)).toHaveAccessibleDescription(/This field is required\./);
  });

  it('offers only the code types the chosen carrier supports', async () => {
    const { user } = setup();
    expect(options('Code type*')).toEqual([
      'Choose a code type',
      'Container number',
      'Booking number',
      'B/L number',
    ]);
    await user.selectOptions(screen.getByLabelText('Carrier*'), 'Yang Ming');
    expect(options('Code type*')).toEqual(['Choose a code type', 'Container number', 'B/L number']);
  });

  it('clears a code type the new carrier does not support', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Carrier*'), 'Maersk');
    await user.selectOptions(screen.getByLabelText('Code type*'), 'Booking number');
    await user.selectOptions(screen.getByLabelText('Carrier*'), 'Yang Ming');
    expect(screen.getByLabelText('Code type*')).toHaveValue('');
  });

  it("shows the container only when the carrier needs it for bookings and B/Ls, and requires it ('Required input: Container.')", async () => {
    const { user, onSaved } = setup();
    await user.selectOptions(screen.getByLabelText('Carrier*'), 'Evergreen Marine');
    await user.selectOptions(screen.getByLabelText('Code type*'), 'Container number');
    expect(screen.queryByLabelText('Container*')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Code type*'), 'Booking number');
    expect(screen.getByLabelText('Container*')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code value*'), 'EGLV123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Container*')).toHaveAccessibleDescription(/Required input: Container\./);
    expect(onSaved).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText('Carrier*'), 'Maersk');
    expect(screen.queryByLabelText('Container*')).not.toBeInTheDocument();
  });

  it('shows the project only when projects exist', () => {
    setup({ projects: [] });
    expect(screen.queryByLabelText('Project')).not.toBeInTheDocument();
  });

  it('offers the project when projects exist', () => {
    setup();
    expect(options('Project')).toEqual(['No project', 'Reefers']);
  });

  it('refuses a bad container filter tag with the exact message; hides the filter for container requests', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Container filter'), 'MSCU12{Enter}');
    expect(
      screen.getByText('Container numbers feature 4 uppercase letters followed by 7 digits.'),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Code type*'), 'Container number');
    expect(screen.queryByLabelText('Container filter')).not.toBeInTheDocument();
  });

  it('refuses bad contractual dates', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Contractual ETA at POD'), '2024-13-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Contractual ETA at POD')).toHaveAccessibleDescription(/Invalid date/);
  });

  it('without write permission the save is refused (the page then goes to the dashboard)', async () => {
    const { user, onRefused, onSaved } = setup({ writable: false });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onRefused).toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('without write permission the inputs are disabled before anything is typed', () => {
    setup({ writable: false });
    expect(screen.getByLabelText('Carrier*')).toBeDisabled();
    expect(screen.getByLabelText('Code type*')).toBeDisabled();
    expect(screen.getByLabelText(/^Code value/)).toBeDisabled();
  });

  it('with write permission the inputs are enabled', () => {
    setup();
    expect(screen.getByLabelText('Carrier*')).toBeEnabled();
    expect(screen.getByLabelText(/^Code value/)).toBeEnabled();
  });

  it('speaks Spanish', async () => {
    const { user } = setup({ lng: 'es' });
    await user.selectOptions(screen.getByLabelText('Naviera*'), 'Evergreen Marine');
    await user.selectOptions(screen.getByLabelText('Tipo de código*'), 'Número de reserva');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByLabelText('Contenedor*')).toHaveAccessibleDescription(
      /Dato obligatorio: Contenedor\./,
    );
  });
});
