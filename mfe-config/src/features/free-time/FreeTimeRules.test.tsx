// The free-time rules page as a manager and as a reader (the calls answered by a mock of its API module): the
// table shows scopes ("Any" when open), free days and rates in the rule's currency; a refused save shows each
// server message under its field (tier messages under their tariff) and keeps the dialog open; tier rows are
// added and removed; a refused import lists its rows; a reader gets no write buttons.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { ApiError } from '@portal/shared-api';
import { initI18n } from '@portal/shared-ui';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import '../../i18n';
import { freeTimeApi, type FreeTimeRule } from './api';
import { FreeTimeRules } from './FreeTimeRules';

jest.mock('./api', () => ({
  freeTimeApi: {
    rules: jest.fn(),
    create: jest.fn(),
    update: jest.fn(),
    remove: jest.fn(),
    exportFile: jest.fn(),
    importFile: jest.fn(),
  },
}));
jest.mock('@portal/shared-api/queries', () => ({
  ...jest.requireActual('@portal/shared-api/queries'),
  useCarriers: () => [{ id: 3, scac: 'MAEU', short_name: 'Maersk' }],
}));
const mocked = freeTimeApi as jest.Mocked<typeof freeTimeApi>;

const RULE: FreeTimeRule = {
  id: 7,
  carrier_id: 3,
  carrier_scac: 'MAEU',
  carrier_name: 'Maersk',
  pod_locode: null,
  pod_name: null,
  container_type: '40HC',
  mode: 'separate',
  demurrage_free_days: 5,
  detention_free_days: 7,
  combined_free_days: null,
  day_count: 'working',
  demurrage_start: 'event_day',
  demurrage_stop: 'gate_out',
  detention_start: 'event_day',
  demurrage_tiers: [
    { from_day: 1, to_day: 5, rate: 75 },
    { from_day: 6, to_day: null, rate: 150.5 },
  ],
  detention_tiers: [],
  combined_tiers: [],
  currency: 'EUR',
  created_at: '2026-01-01T00:00:00.000Z',
  modified_at: '2026-01-01T00:00:00.000Z',
};

const wrap = (node: ReactNode) => render(<QueryProvider client={createQueryClient()}>{node}</QueryProvider>);

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  jest.clearAllMocks();
  mocked.rules.mockResolvedValue([RULE]);
  await i18next.changeLanguage('en');
});

describe('the rules table', () => {
  it('shows the scope, free days, day count and rates in the currency', async () => {
    wrap(<FreeTimeRules canEdit />);
    const row = await screen.findByTestId('ft-rule-7');
    expect(row).toHaveTextContent('Maersk · Any · 40HC');
    expect(row).toHaveTextContent('Demurrage 5 · Detention 7');
    expect(row).toHaveTextContent('Working days');
    expect(row).toHaveTextContent('days 1–5: €75.00; day 6+: €150.50');
    expect(row).toHaveTextContent('Detention rates: No charge');
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('writes in Spanish with Spanish money', async () => {
    await i18next.changeLanguage('es');
    wrap(<FreeTimeRules canEdit={false} />);
    const row = await screen.findByTestId('ft-rule-7');
    expect(row).toHaveTextContent('Maersk · Cualquiera · 40HC');
    expect(row.textContent).toMatch(/día 6 en adelante: 150,50\s€/);
  });

  it('gives a reader no write buttons, only the export', async () => {
    wrap(<FreeTimeRules canEdit={false} />);
    const row = await screen.findByTestId('ft-rule-7');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ft-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ft-import')).not.toBeInTheDocument();
    expect(screen.getByTestId('ft-export')).toBeInTheDocument();
  });
});

describe('the rule form', () => {
  it('shows the server messages under their fields and keeps the dialog open', async () => {
    mocked.create.mockRejectedValue(
      new ApiError(400, {
        currency: ['"EUX" is not an ISO 4217 currency code (e.g. EUR, USD).'],
        demurrage_tiers: [
          'Tier 2: starts at day 8, but the previous tier ends at day 5 (the days between have no rate).',
        ],
        non_field_errors: ['A rule for this carrier, port and container type already exists.'],
      }),
    );
    wrap(<FreeTimeRules canEdit />);
    fireEvent.click(await screen.findByTestId('ft-add'));
    fireEvent.change(screen.getByTestId('ft-demurrage_free_days'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('ft-currency'), { target: { value: 'eux' } });
    fireEvent.click(screen.getByTestId('ft-demurrage_tiers-add'));
    fireEvent.change(screen.getByTestId('ft-demurrage_tiers-0-to'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('ft-demurrage_tiers-0-rate'), { target: { value: '75' } });
    fireEvent.click(screen.getByTestId('ft-demurrage_tiers-add'));
    // The new row starts the day after the previous one ends.
    expect(screen.getByTestId('ft-demurrage_tiers-1-from')).toHaveValue('6');
    fireEvent.click(screen.getByTestId('ft-save'));
    await waitFor(() => expect(mocked.create).toHaveBeenCalled());
    expect(mocked.create.mock.calls[0][0]).toMatchObject({
      currency: 'EUX',
      demurrage_free_days: 5,
      combined_free_days: null,
      demurrage_tiers: [
        { from_day: 1, to_day: 5, rate: 75 },
        { from_day: 6, to_day: null, rate: 0 },
      ],
    });
    const currency = screen.getByTestId('ft-currency');
    expect(
      await screen.findByText('"EUX" is not an ISO 4217 currency code (e.g. EUR, USD).'),
    ).toBeInTheDocument();
    expect(currency).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByTestId('ft-demurrage_tiers')).getByRole('alert')).toHaveTextContent(
      'Tier 2: starts at day 8',
    );
    expect(
      screen.getByText('A rule for this carrier, port and container type already exists.'),
    ).toBeInTheDocument();
  });

  it('removes a tier row and switches to combined free time', async () => {
    wrap(<FreeTimeRules canEdit />);
    const row = await screen.findByTestId('ft-rule-7');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    expect(screen.queryByTestId('ft-demurrage_tiers-1-from')).not.toBeInTheDocument();
    expect(screen.getByTestId('ft-detention_free_days')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Free time'), { target: { value: 'combined' } });
    expect(screen.queryByTestId('ft-detention_free_days')).not.toBeInTheDocument();
    expect(screen.getByTestId('ft-combined_tiers')).toBeInTheDocument();
  });
});

describe('the import', () => {
  it('lists the rows of a refused file', async () => {
    mocked.importFile.mockRejectedValue(
      new ApiError(400, {
        non_field_errors: ['1 of 2 rows have errors; nothing was imported.'],
        'row 3': ['currency: "EUX" is not an ISO 4217 currency code (e.g. EUR, USD).'],
      }),
    );
    wrap(<FreeTimeRules canEdit />);
    await screen.findByTestId('ft-rule-7');
    const file = new File(['x'], 'rules.xlsx');
    fireEvent.change(screen.getByTestId('ft-import-file'), { target: { files: [file] } });
    const box = await screen.findByTestId('ft-import-errors');
    expect(mocked.importFile).toHaveBeenCalledWith(file, 'upsert');
    expect(box).toHaveTextContent('Row 3: currency: "EUX" is not an ISO 4217 currency code');
  });
});
