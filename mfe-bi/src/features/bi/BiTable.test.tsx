// A table metric with money (demurrage_detention_cost): each amount in its row's own currency and the page's
// language (Intl.NumberFormat), "no tariff" where no currency applies, a note that currencies are never added,
// numbers and texts as the other tables; es and en.
import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import '../../i18n';
import type { Lang, TableResult } from '../../lib/bi-api';
import { BiTable } from './BiTable';

const text = (en: string, es = en) => ({ en, es });
const RESULT = {
  kind: 'table',
  unit: 'days',
  count: 3,
  page: 0,
  page_size: 30,
  columns: [
    { key: 'month', labels: text('Month', 'Mes'), type: 'text' },
    { key: 'carrier', labels: text('Carrier', 'Naviera'), type: 'text' },
    { key: 'currency', labels: text('Currency', 'Moneda'), type: 'text' },
    { key: 'days_over', labels: text('Days over free time', 'Días fuera de tiempo libre'), type: 'number' },
    { key: 'total', labels: text('Total'), type: 'money' },
  ],
  results: [
    {
      id: '2026-11|1|5|EUR',
      month: '2026-11',
      carrier: 'Maersk',
      currency: 'EUR',
      days_over: 12,
      total: 1500,
    },
    { id: '2026-11|2|6|USD', month: '2026-11', carrier: 'MSC', currency: 'USD', days_over: 6, total: 480.5 },
    { id: '2026-10|1|5|', month: '2026-10', carrier: 'Maersk', currency: null, days_over: 3, total: 0 },
  ],
} as unknown as TableResult;

function mount(lang: Lang) {
  return render(
    <MemoryRouter>
      <BiTable result={RESULT} lang={lang} page={0} loading={false} onPageChange={() => undefined} />
    </MemoryRouter>,
  );
}

/** The cells of the body's rows, as text. */
const cells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

beforeAll(async () => {
  await initI18n(i18next);
});

describe('a table with money', () => {
  it('shows each amount in its own currency, in English', async () => {
    await act(() => i18next.changeLanguage('en'));
    mount('en');
    expect(cells()).toEqual([
      ['2026-11', 'Maersk', 'EUR', '12.00', '€1,500.00'],
      ['2026-11', 'MSC', 'USD', '6.00', 'US$480.50'],
      ['2026-10', 'Maersk', '', '3.00', 'No tariff'],
    ]);
    expect(screen.getByTestId('bi-money-note')).toHaveTextContent(
      'Amounts are per currency: rows in different currencies are never added together.',
    );
  });

  it('and in Spanish', async () => {
    await act(() => i18next.changeLanguage('es'));
    mount('es');
    expect(cells().map((row) => row[4])).toEqual(['1500,00\u00a0€', '480,50\u00a0US$', 'Sin tarifa']);
    expect(screen.getByTestId('bi-money-note')).toHaveTextContent(
      'Los importes van por moneda: las filas de monedas distintas nunca se suman entre sí.',
    );
  });

  it('has no note when the table has no money', async () => {
    await act(() => i18next.changeLanguage('en'));
    const plain = { ...RESULT, columns: RESULT.columns.slice(0, 4) } as TableResult;
    render(
      <MemoryRouter>
        <BiTable result={plain} lang="en" page={0} loading={false} onPageChange={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('bi-money-note')).toBeNull();
  });
});
