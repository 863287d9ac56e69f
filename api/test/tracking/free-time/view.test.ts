// freeTimeView: a stored snapshot read as of a day (state, days left, accrued and projected cost), todayUtc.
import { freeTimeView, todayUtc } from '../../../src/tracking/free-time/view';
import type { StoredClock, StoredFreeTime } from '../../../src/tracking/free-time/stored';

const TIERS = [
  { from_day: 1, to_day: 5, rate: 75 },
  { from_day: 6, to_day: null, rate: 150 },
];

function clock(over: Partial<StoredClock> = {}): StoredClock {
  return {
    lfd: '2025-03-10',
    lfd_source: 'rule',
    estimated: false,
    started_on: '2025-03-06',
    stopped_on: null,
    free_days: 5,
    estimated_stop: null,
    tiers: TIERS,
    ...over,
  };
}

function stored(demurrage: Partial<StoredClock>, detention: Partial<StoredClock> | null): StoredFreeTime {
  return {
    v: 1,
    mode: detention ? 'separate' : 'combined',
    currency: 'EUR',
    day_count: 'calendar',
    rule_id: 7,
    demurrage: clock(demurrage),
    detention: detention ? clock(detention) : null,
  };
}

const NOT_STARTED = { started_on: null, lfd: null, estimated: true, lfd_source: null } as const;

describe('freeTimeView', () => {
  it('shows a running clock with its days left and nothing accrued', () => {
    const v = freeTimeView(stored({}, NOT_STARTED), '2025-03-08')!;
    expect(v.state).toBe('running');
    expect(v.demurrage).toMatchObject({ state: 'running', days_left: 2, cost: 0, projected_cost: 0 });
    expect(v.detention).toMatchObject({ state: 'not_started', days_left: null });
    expect(v.days_left).toBe(2);
    expect(v).toMatchObject({ mode: 'separate', currency: 'EUR', rule_id: 7, day_count: 'calendar' });
  });

  it('charges every day after the last free day through today, tier by tier', () => {
    // 7 days over on 03-17: 5 × 75 + 2 × 150.
    const v = freeTimeView(stored({}, NOT_STARTED), '2025-03-17')!;
    expect(v.demurrage).toMatchObject({ state: 'over', days_left: -7, cost: 675 });
    expect(v.state).toBe('over');
    expect(v.days_left).toBe(-7);
  });

  it('is running (not over) on the last free day itself', () => {
    expect(freeTimeView(stored({}, NOT_STARTED), '2025-03-10')!.demurrage).toMatchObject({
      state: 'running',
      days_left: 0,
      cost: 0,
    });
  });

  it('closes a stopped clock with its final cost and reports the next one', () => {
    const v = freeTimeView(
      stored({ stopped_on: '2025-03-12' }, { started_on: '2025-03-12', lfd: '2025-03-25' }),
      '2025-04-01',
    )!;
    expect(v.demurrage).toMatchObject({ state: 'closed', cost: 150, projected_cost: 150 });
    expect(v.detention).toMatchObject({ state: 'over', days_left: -7, cost: 675 });
    expect(v.state).toBe('over');
    expect(v.days_left).toBe(-7);
  });

  it('projects the cost until the estimated stop, never before today', () => {
    const later = freeTimeView(stored({ estimated_stop: '2025-03-13' }, NOT_STARTED), '2025-03-08')!;
    expect(later.demurrage).toMatchObject({ cost: 0, projected_cost: 225 });
    const past = freeTimeView(stored({ estimated_stop: '2025-03-09' }, NOT_STARTED), '2025-03-12')!;
    expect(past.demurrage).toMatchObject({ cost: 150, projected_cost: 150 });
  });

  it('projects a clock that has not started from its estimated last free day', () => {
    const v = freeTimeView(
      stored({ started_on: null, estimated: true, estimated_stop: '2025-03-16' }, NOT_STARTED),
      '2025-03-01',
    )!;
    expect(v.demurrage).toMatchObject({ state: 'not_started', estimated: true, days_left: 9, cost: 0 });
    expect(v.demurrage.projected_cost).toBe(5 * 75 + 150);
    expect(v.state).toBe('not_started');
    expect(v.days_left).toBeNull();
  });

  it('is closed when every clock stopped', () => {
    const v = freeTimeView(
      stored(
        { stopped_on: '2025-03-08' },
        { started_on: '2025-03-08', stopped_on: '2025-03-20', lfd: '2025-03-22' },
      ),
      '2025-05-01',
    )!;
    expect(v.state).toBe('closed');
    expect(v.days_left).toBeNull();
    expect(v.demurrage.cost + v.detention!.cost).toBe(0);
  });

  it('reads a combined free time as one demurrage clock', () => {
    const v = freeTimeView(stored({}, null), '2025-03-11')!;
    expect(v.mode).toBe('combined');
    expect(v.detention).toBeNull();
    expect(v.demurrage).toMatchObject({ state: 'over', cost: 75 });
  });

  it('gives null for nothing or a malformed snapshot', () => {
    expect(freeTimeView(null, '2025-03-01')).toBeNull();
    expect(freeTimeView({ v: 99 }, '2025-03-01')).toBeNull();
    expect(freeTimeView({ ...stored({}, null), mode: 'weekly' }, '2025-03-01')).toBeNull();
    expect(freeTimeView({ ...stored({}, null), mode: 'separate' }, '2025-03-01')).toBeNull();
  });

  it('ignores malformed dates and tiers inside a snapshot', () => {
    const bad = stored({ lfd: '2025-13-45', tiers: [{ from_day: 0, to_day: 1, rate: -5 }] as never }, null);
    const v = freeTimeView(bad, '2025-03-20')!;
    expect(v.demurrage).toMatchObject({ lfd: null, days_left: null, cost: 0 });
  });
});

describe('todayUtc', () => {
  it('is the UTC date, whatever the local zone', () => {
    expect(todayUtc(new Date('2025-03-10T23:30:00-05:00'))).toBe('2025-03-11');
    expect(todayUtc(new Date('2025-03-10T00:30:00+02:00'))).toBe('2025-03-09');
    expect(todayUtc()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
