// The detail's free-time card: both clocks with state, days left, timeline and money in the user's language,
// the rule's scope, the carrier's own last free day, and the plain sentence with the rules link when none applies.
import { act, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { FreeTimeClockView, FreeTimeViewData } from '@portal/shared-api/domain';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import './i18n';
import { FreeTimeCard } from './FreeTimeCard';

const TODAY = '2026-03-10';

const clock = (over: Partial<FreeTimeClockView>): FreeTimeClockView => ({
  lfd: null,
  lfd_source: null,
  estimated: false,
  started_on: null,
  stopped_on: null,
  free_days: null,
  days_left: null,
  state: 'not_started',
  cost: 0,
  projected_cost: 0,
  estimated_stop: null,
  ...over,
});

const over: FreeTimeViewData = {
  mode: 'separate',
  currency: 'EUR',
  day_count: 'calendar',
  rule_id: 5,
  demurrage: clock({
    lfd: '2026-03-07',
    lfd_source: 'rule',
    started_on: '2026-03-03',
    free_days: 5,
    days_left: -3,
    state: 'over',
    cost: 1234.5,
    projected_cost: 2469,
    estimated_stop: '2026-03-13',
  }),
  detention: clock({ lfd: '2026-03-20', estimated: true, free_days: 7, estimated_stop: '2026-03-22' }),
  days_left: -3,
  state: 'over',
};

const show = (props: Parameters<typeof FreeTimeCard>[0]) =>
  render(
    <MemoryRouter>
      <FreeTimeCard today={TODAY} {...props} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n(i18next);
});

describe('FreeTimeCard', () => {
  it('shows both clocks, days over, the timeline to today and the cost in euros (en)', async () => {
    await act(() => i18next.changeLanguage('en'));
    show({ freeTime: over, rule: { id: 5, carrier: 'MSC', pod_locode: 'ESVLC', container_type: null } });
    const demurrage = screen.getByTestId('free-time-clock-demurrage');
    expect(within(demurrage).getByText('Over free time')).toBeInTheDocument();
    expect(within(demurrage).getByText('3 days over')).toBeInTheDocument();
    expect(within(demurrage).getByTestId('free-time-cost')).toHaveTextContent('€1,234.50');
    expect(within(demurrage).getByTestId('free-time-projected')).toHaveTextContent('€2,469.00');
    expect(within(demurrage).getByRole('img')).toHaveAccessibleName(
      'Demurrage: Start 2026-03-03, Last free day 2026-03-07, Today 2026-03-10',
    );
    const detention = screen.getByTestId('free-time-clock-detention');
    expect(within(detention).getByText('Not started')).toBeInTheDocument();
    expect(within(detention).getByText('2026-03-20 (estimated)')).toBeInTheDocument();
    expect(screen.getByTestId('free-time-rule')).toHaveTextContent(
      'Rule applied: Carrier: MSC · POD: ESVLC · Type: any',
    );
  });

  it('words and money in Spanish', async () => {
    await act(() => i18next.changeLanguage('es'));
    show({ freeTime: over, rule: null });
    const demurrage = screen.getByTestId('free-time-clock-demurrage');
    expect(within(demurrage).getByText('Fuera de tiempo libre')).toBeInTheDocument();
    expect(within(demurrage).getByText('3 días excedidos')).toBeInTheDocument();
    expect(within(demurrage).getByTestId('free-time-cost').textContent?.replace(/\s/g, ' ')).toBe(
      '1234,50 €',
    );
  });

  it("the carrier's last free day without a rule of the company", async () => {
    await act(() => i18next.changeLanguage('en'));
    const carrierOnly: FreeTimeViewData = {
      ...over,
      currency: null,
      rule_id: null,
      demurrage: { ...over.demurrage, lfd_source: 'carrier', cost: 0, projected_cost: 0 },
    };
    show({ freeTime: carrierOnly, rule: null });
    expect(screen.getByText("Carrier's last free day")).toBeInTheDocument();
    expect(screen.queryByTestId('free-time-cost')).not.toBeInTheDocument();
    expect(screen.getByText(/No rule of yours applies/)).toBeInTheDocument();
  });

  it('a plain sentence and the rules link when no rule applies', async () => {
    await act(() => i18next.changeLanguage('en'));
    show({ freeTime: null, rule: null });
    expect(screen.getByTestId('free-time-none')).toHaveTextContent(/No free-time rule applies/);
    expect(screen.getByRole('link', { name: 'Set up free-time rules' })).toHaveAttribute(
      'href',
      '/free-time-config',
    );
  });
});
