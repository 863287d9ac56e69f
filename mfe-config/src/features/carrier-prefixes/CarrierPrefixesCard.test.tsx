// The carrier prefixes card (its calls answered by a mock of its API module): it lists the company's overrides,
// adds one (prefix upper-cased as typed, the carrier from the active carriers), shows the API's messages (which
// the API writes in the user's language) under their fields, closes the form at the limit, and deletes after a
// confirmation (one already gone is simply gone); the Spanish screen has no English.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { ApiError } from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { initI18n, useNotifications } from '@portal/shared-ui';
import '../../i18n';
import { carrierPrefixesApi, type CarrierPrefixOverride } from './api';
import { CarrierPrefixesCard } from './CarrierPrefixesCard';

jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  carrierPrefixesApi: { list: jest.fn(), create: jest.fn(), remove: jest.fn() },
}));
jest.mock('@portal/shared-api/queries', () => ({
  ...jest.requireActual('@portal/shared-api/queries'),
  useCarriers: () => [
    { id: 4, scac: 'HLCU', short_name: 'Hapag-Lloyd', official_name: 'Hapag-Lloyd' },
    { id: 1, scac: 'MAEU', short_name: 'Maersk', official_name: 'A.P. Moller - Maersk' },
  ],
}));
const mocked = carrierPrefixesApi as jest.Mocked<typeof carrierPrefixesApi>;

const MAERSK = { id: 1, scac: 'MAEU', short_name: 'Maersk', official_name: 'A.P. Moller - Maersk' };
const TGHU: CarrierPrefixOverride = {
  id: 7,
  kind: 'container',
  prefix: 'TGHU',
  carrier: MAERSK,
  created_by: 'demo',
  created_at: '2026-11-20T09:05:00.000Z',
};
const BOOK: CarrierPrefixOverride = {
  ...TGHU,
  id: 8,
  kind: 'reference',
  prefix: 'SGNB',
  carrier: { id: 4, scac: 'HLCU', short_name: 'Hapag-Lloyd', official_name: 'Hapag-Lloyd' },
};

const wrap = (node: ReactNode) => render(<QueryProvider client={createQueryClient()}>{node}</QueryProvider>);
const notices = () => useNotifications.getState().items.map((n) => n.title);

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  jest.clearAllMocks();
  useNotifications.getState().clear();
  await act(() => i18next.changeLanguage('en'));
  mocked.list.mockResolvedValue([TGHU, BOOK]);
});

it('lists the company’s overrides: which numbers, the prefix and the carrier', async () => {
  wrap(<CarrierPrefixesCard />);
  const row = await screen.findByTestId('cpo-row-container-TGHU');
  expect(row).toHaveTextContent('Container numbers');
  expect(row).toHaveTextContent('A.P. Moller - Maersk (MAEU)');
  expect(screen.getByTestId('cpo-row-reference-SGNB')).toHaveTextContent('Booking and B/L numbers');
  expect(screen.getByRole('heading', { name: 'Your prefixes (2 of 200)' })).toBeInTheDocument();
  expect(screen.getByTestId('cpo-card')).toHaveTextContent('the prefix of leased containers, TGHU →');
  // the carriers to choose from, by name
  const carriers = Array.from(screen.getByLabelText<HTMLSelectElement>('Carrier').options);
  expect(carriers.map((o) => o.text)).toEqual([
    'Choose a carrier…',
    'A.P. Moller - Maersk (MAEU)',
    'Hapag-Lloyd (HLCU)',
  ]);
});

it('says when there are none', async () => {
  mocked.list.mockResolvedValue([]);
  wrap(<CarrierPrefixesCard />);
  expect(await screen.findByTestId('cpo-empty')).toHaveTextContent('No prefixes of your own yet');
});

it('adds an override with the prefix upper-cased as typed, then asks for the list again', async () => {
  mocked.create.mockResolvedValue({ ...TGHU, id: 9, prefix: 'CAIU' });
  wrap(<CarrierPrefixesCard />);
  await screen.findByTestId('cpo-row-container-TGHU');
  fireEvent.change(screen.getByTestId('cpo-prefix'), { target: { value: 'caiu' } });
  expect(screen.getByTestId('cpo-prefix')).toHaveValue('CAIU');
  fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: '1' } });
  fireEvent.click(screen.getByTestId('cpo-add'));
  await waitFor(() => expect(mocked.list).toHaveBeenCalledTimes(2));
  expect(mocked.create).toHaveBeenCalledWith({ kind: 'container', prefix: 'CAIU', carrier_id: 1 });
  // ready for the next prefix of the same carrier
  expect(screen.getByTestId('cpo-prefix')).toHaveValue('');
  expect(screen.getByLabelText('Carrier')).toHaveValue('1');
  expect(notices()).toHaveLength(1);
});

it('shows the API’s messages under their fields, in Spanish with no English', async () => {
  // as the API answers a Spanish screen (Accept-Language: es)
  mocked.create.mockRejectedValue(
    new ApiError(400, {
      kind: ['"pallet" no es una opción válida.'],
      prefix: ['Introduzca las cuatro letras del prefijo (de la A a la Z).'],
      carrier_id: ['Este campo es obligatorio.'],
    }),
  );
  await act(() => i18next.changeLanguage('es'));
  wrap(<CarrierPrefixesCard />);
  expect(await screen.findByRole('heading', { name: 'Prefijos de naviera' })).toBeInTheDocument();
  expect(await screen.findByTestId('cpo-row-container-TGHU')).toHaveTextContent('Números de contenedor');
  fireEvent.change(screen.getByLabelText('Números'), { target: { value: 'reference' } });
  fireEvent.change(screen.getByTestId('cpo-prefix'), { target: { value: 'tg1' } });
  fireEvent.click(screen.getByTestId('cpo-add'));
  expect(
    await screen.findByText('Introduzca las cuatro letras del prefijo (de la A a la Z).'),
  ).toBeInTheDocument();
  expect(mocked.create).toHaveBeenCalledWith({ kind: 'reference', prefix: 'TG1', carrier_id: null });
  expect(screen.getByTestId('cpo-prefix')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Naviera')).toHaveAccessibleDescription('Este campo es obligatorio.');
  expect(screen.getByLabelText('Números')).toHaveAccessibleDescription('"pallet" no es una opción válida.');
  const card = screen.getByTestId('cpo-card').textContent ?? '';
  for (const english of ['Enter', 'This field', 'Container', 'Carrier', 'Delete', 'Your', 'Numbers'])
    expect(card).not.toContain(english);
  // under the fields only: no notice repeats them
  expect(notices()).toEqual([]);
  // what was typed stays, to correct it
  expect(screen.getByTestId('cpo-prefix')).toHaveValue('TG1');
});

it('shows a prefix the company already maps at the prefix', async () => {
  mocked.create.mockRejectedValue(
    new ApiError(400, { prefix: ['Your company already maps this prefix; delete that mapping first.'] }),
  );
  wrap(<CarrierPrefixesCard />);
  await screen.findByTestId('cpo-row-container-TGHU');
  fireEvent.change(screen.getByTestId('cpo-prefix'), { target: { value: 'TGHU' } });
  fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: '4' } });
  fireEvent.click(screen.getByTestId('cpo-add'));
  await waitFor(() =>
    expect(screen.getByTestId('cpo-prefix')).toHaveAccessibleDescription(
      /Four letters, e\.g\. TGHU.*Your company already maps this prefix; delete that mapping first\./,
    ),
  );
});

it('closes the form at the limit and says so', async () => {
  mocked.list.mockResolvedValue(
    Array.from({ length: 200 }, (_, i) => ({
      ...TGHU,
      id: 100 + i,
      prefix: `T${String(i).padStart(3, 'A')}`,
    })),
  );
  await act(() => i18next.changeLanguage('es'));
  wrap(<CarrierPrefixesCard />);
  expect(await screen.findByTestId('cpo-limit')).toHaveTextContent(
    'Su empresa ha llegado al máximo de 200 prefijos: elimine uno para añadir otro.',
  );
  expect(screen.getByRole('heading', { name: 'Sus prefijos (200 de 200)' })).toBeInTheDocument();
  expect(screen.getByTestId('cpo-add')).toBeDisabled();
  expect(screen.getByTestId('cpo-prefix')).toBeDisabled();
});

it('shows the API’s limit refusal when the list had not reached it yet', async () => {
  mocked.create.mockRejectedValue(
    new ApiError(400, { non_field_errors: ['A company can have at most 200 carrier prefix overrides.'] }),
  );
  wrap(<CarrierPrefixesCard />);
  await screen.findByTestId('cpo-row-container-TGHU');
  fireEvent.change(screen.getByTestId('cpo-prefix'), { target: { value: 'CAIU' } });
  fireEvent.click(screen.getByTestId('cpo-add'));
  expect(await screen.findByTestId('cpo-refused')).toHaveTextContent(
    'A company can have at most 200 carrier prefix overrides.',
  );
});

it('deletes after a confirmation, and not when cancelled', async () => {
  mocked.remove.mockResolvedValue(null);
  await act(() => i18next.changeLanguage('es'));
  wrap(<CarrierPrefixesCard />);
  const row = await screen.findByTestId('cpo-row-container-TGHU');
  fireEvent.click(within(row).getByRole('button', { name: 'Eliminar el prefijo TGHU' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('¿Eliminar el prefijo TGHU?');
  expect(screen.getByRole('dialog')).toHaveTextContent('Los números de contenedor que empiezan por TGHU');
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(mocked.remove).not.toHaveBeenCalled();

  fireEvent.click(within(row).getByRole('button', { name: 'Eliminar el prefijo TGHU' }));
  fireEvent.click(screen.getByTestId('cpo-confirm-delete'));
  await waitFor(() => expect(mocked.list).toHaveBeenCalledTimes(2));
  expect(mocked.remove).toHaveBeenCalledWith(7);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(notices()).toHaveLength(1);
});

it('takes an override deleted meanwhile as gone', async () => {
  mocked.remove.mockRejectedValue(new ApiError(404, { detail: 'Not found.' }));
  wrap(<CarrierPrefixesCard />);
  const row = await screen.findByTestId('cpo-row-reference-SGNB');
  fireEvent.click(within(row).getByRole('button'));
  fireEvent.click(screen.getByTestId('cpo-confirm-delete'));
  await waitFor(() => expect(notices()).toEqual(['This prefix had already been deleted.']));
  expect(mocked.list).toHaveBeenCalledTimes(2);
});
