// The clock rules: calendar and working days (with the port country's weekend), the start-day choice, tiers,
// combined free time, the most specific rule, a carrier-sent last free day winning and estimated clocks.
import { lastFreeDay, weekendOf } from '../../../src/tracking/free-time/calendar';
import { containerTypeGroup } from '../../../src/tracking/free-time/container-type';
import { matchRule, type FreeTimeRule } from '../../../src/tracking/free-time/rules';
import {
  computeFreeTime,
  freeTimeColumns,
  type ContainerDates,
} from '../../../src/tracking/free-time/snapshot';
import { tierCost } from '../../../src/tracking/free-time/tiers';
import { freeTimeView } from '../../../src/tracking/free-time/view';

// 2025-03-07 is a Friday.
const TIERS = [
  { from_day: 1, to_day: 5, rate: 75 },
  { from_day: 6, to_day: 10, rate: 100 },
  { from_day: 11, to_day: null, rate: 150 },
];

function rule(over: Partial<FreeTimeRule> = {}): FreeTimeRule {
  return {
    id: 1,
    carrier_id: null,
    pod_locode: null,
    container_type: null,
    mode: 'separate',
    demurrage_free_days: 5,
    detention_free_days: 7,
    combined_free_days: null,
    day_count: 'calendar',
    demurrage_start: 'event_day',
    demurrage_stop: 'gate_out',
    detention_start: 'event_day',
    demurrage_tiers: TIERS,
    detention_tiers: [{ from_day: 1, to_day: null, rate: 50 }],
    combined_tiers: [],
    currency: 'EUR',
    ...over,
  };
}

const none = { actual: null, estimate: null };
function dates(over: Partial<ContainerDates> = {}): ContainerDates {
  return { discharge: none, gateOut: none, delivery: none, emptyReturn: none, ...over };
}
const noCarrier = { demurrage: null, detention: null };

describe('free days', () => {
  it('counts calendar days from the first free day', () => {
    expect(lastFreeDay('2025-03-07', 5, 'calendar')).toBe('2025-03-11');
    expect(lastFreeDay('2025-03-07', 1, 'calendar')).toBe('2025-03-07');
    expect(lastFreeDay('2025-03-07', 0, 'calendar')).toBe('2025-03-06');
  });

  it('skips the Saturday–Sunday weekend in working days', () => {
    // Fri 7, (Sat, Sun), Mon 10, Tue 11, Wed 12, Thu 13.
    expect(lastFreeDay('2025-03-07', 5, 'working', weekendOf('NLRTM'))).toBe('2025-03-13');
    // Starting on a Saturday: the weekend is not counted either.
    expect(lastFreeDay('2025-03-08', 1, 'working', weekendOf('ESVLC'))).toBe('2025-03-10');
  });

  it("uses the weekend of the port's country", () => {
    // Jeddah (SA): Friday–Saturday off; Thu 6, (Fri, Sat), Sun 9, Mon 10.
    expect(weekendOf('SAJED')).toEqual([5, 6]);
    expect(lastFreeDay('2025-03-06', 3, 'working', weekendOf('SAJED'))).toBe('2025-03-10');
    expect(weekendOf('IRBND')).toEqual([5]);
    expect(weekendOf(null)).toEqual([6, 0]);
  });
});

describe('tiers', () => {
  it('charges each day over at the rate of its tier', () => {
    expect(tierCost(TIERS, 0)).toBe(0);
    expect(tierCost(TIERS, 3)).toBe(225);
    expect(tierCost(TIERS, 7)).toBe(5 * 75 + 2 * 100);
    expect(tierCost(TIERS, 12)).toBe(5 * 75 + 5 * 100 + 2 * 150);
    expect(tierCost([{ from_day: 1, to_day: null, rate: 0.1 }], 3)).toBe(0.3);
  });
});

describe('computeFreeTime', () => {
  const discharged = dates({ discharge: { actual: '2025-03-07', estimate: null } });

  it('starts demurrage on the discharge day or the day after', () => {
    const eventDay = computeFreeTime({
      dates: discharged,
      rule: rule(),
      podLocode: 'NLRTM',
      carrierLfd: noCarrier,
    });
    expect(eventDay!.demurrage).toMatchObject({
      lfd: '2025-03-11',
      lfd_source: 'rule',
      started_on: '2025-03-07',
    });
    const nextDay = computeFreeTime({
      dates: discharged,
      rule: rule({ demurrage_start: 'next_day' }),
      podLocode: 'NLRTM',
      carrierLfd: noCarrier,
    });
    expect(nextDay!.demurrage.lfd).toBe('2025-03-12');
  });

  it('counts working days when the rule says so', () => {
    const s = computeFreeTime({
      dates: discharged,
      rule: rule({ day_count: 'working' }),
      podLocode: 'NLRTM',
      carrierLfd: noCarrier,
    });
    expect(s!.demurrage.lfd).toBe('2025-03-13');
    expect(s!.day_count).toBe('working');
  });

  it('runs detention from the gate-out to the empty return, and closes demurrage', () => {
    const s = computeFreeTime({
      dates: dates({
        discharge: { actual: '2025-03-07', estimate: null },
        gateOut: { actual: '2025-03-14', estimate: null },
        emptyReturn: { actual: null, estimate: '2025-03-30' },
      }),
      rule: rule(),
      podLocode: 'NLRTM',
      carrierLfd: noCarrier,
    })!;
    expect(s.detention).toMatchObject({
      started_on: '2025-03-14',
      lfd: '2025-03-20',
      estimated_stop: '2025-03-30',
    });
    const cols = freeTimeColumns(s, '2025-03-22');
    // Demurrage: 3 days over (12, 13, 14); detention running, 2 days over.
    expect(cols).toMatchObject({ free_time_lfd: '2025-03-20', demurrage_cost: 225, detention_cost: 100 });
    const view = freeTimeView(s, '2025-03-22')!;
    expect(view.demurrage.state).toBe('closed');
    expect(view.detention).toMatchObject({ state: 'over', projected_cost: 500 });
  });

  it('stops demurrage at the delivery when the rule says so', () => {
    const d = dates({
      discharge: { actual: '2025-03-07', estimate: null },
      gateOut: { actual: '2025-03-09', estimate: null },
      delivery: { actual: null, estimate: '2025-03-15' },
    });
    const s = computeFreeTime({
      dates: d,
      rule: rule({ demurrage_stop: 'delivery' }),
      podLocode: null,
      carrierLfd: noCarrier,
    })!;
    expect(s.demurrage).toMatchObject({ stopped_on: null, estimated_stop: '2025-03-15' });
    expect(s.detention!.started_on).toBe('2025-03-09');
  });

  it('runs one combined clock from discharge to the empty return', () => {
    const s = computeFreeTime({
      dates: dates({
        discharge: { actual: '2025-03-07', estimate: null },
        gateOut: { actual: '2025-03-10', estimate: null },
      }),
      rule: rule({
        mode: 'combined',
        demurrage_free_days: null,
        detention_free_days: null,
        combined_free_days: 14,
        combined_tiers: [{ from_day: 1, to_day: null, rate: 90 }],
      }),
      podLocode: 'NLRTM',
      carrierLfd: noCarrier,
    })!;
    expect(s.mode).toBe('combined');
    expect(s.detention).toBeNull();
    expect(s.demurrage).toMatchObject({ lfd: '2025-03-20', stopped_on: null, free_days: 14 });
    expect(freeTimeColumns(s, '2025-03-22')).toMatchObject({
      free_time_lfd: '2025-03-20',
      demurrage_cost: 180,
      detention_cost: null,
    });
  });

  it('lets a carrier-sent last free day win over the rule, and stand alone without one', () => {
    const carrier = { demurrage: '2025-03-15', detention: null };
    const s = computeFreeTime({ dates: discharged, rule: rule(), podLocode: 'NLRTM', carrierLfd: carrier })!;
    expect(s.demurrage).toMatchObject({ lfd: '2025-03-15', lfd_source: 'carrier', free_days: null });
    expect(s.currency).toBe('EUR');
    const alone = computeFreeTime({
      dates: discharged,
      rule: null,
      podLocode: 'NLRTM',
      carrierLfd: carrier,
    })!;
    expect(alone).toMatchObject({ rule_id: null, currency: null });
    expect(alone.demurrage.lfd_source).toBe('carrier');
    expect(freeTimeColumns(alone, '2025-03-20')).toMatchObject({
      free_time_lfd: '2025-03-15',
      demurrage_cost: 0,
    });
    expect(
      computeFreeTime({ dates: discharged, rule: null, podLocode: null, carrierLfd: noCarrier }),
    ).toBeNull();
  });

  it('estimates a clock that has not started from the planned dates', () => {
    const s = computeFreeTime({
      dates: dates({
        discharge: { actual: null, estimate: '2025-04-01' },
        gateOut: { actual: null, estimate: '2025-04-09' },
      }),
      rule: rule(),
      podLocode: 'NLRTM',
      carrierLfd: noCarrier,
    })!;
    expect(s.demurrage).toMatchObject({ lfd: '2025-04-05', estimated: true, started_on: null });
    expect(s.detention).toMatchObject({ lfd: '2025-04-15', estimated: true });
    const view = freeTimeView(s, '2025-03-20')!;
    expect(view.state).toBe('not_started');
    expect(view.demurrage.projected_cost).toBe(4 * 75);
    expect(freeTimeColumns(s, '2025-03-20').free_time_lfd).toBeNull();
  });
});

describe('matchRule', () => {
  const rules = [
    rule({ id: 1 }),
    rule({ id: 2, container_type: '40HC' }),
    rule({ id: 3, pod_locode: 'NLRTM' }),
    rule({ id: 4, pod_locode: 'NLRTM', container_type: '40HC' }),
    rule({ id: 5, carrier_id: 9 }),
    rule({ id: 6, carrier_id: 9, pod_locode: 'DEHAM' }),
  ];
  const pick = (
    carrier_id: number | null,
    pod_locode: string | null,
    container_type: '40HC' | '20DV' | null,
  ) => matchRule(rules, { carrier_id, pod_locode, container_type })?.id;

  it('prefers the carrier over the port over the container type', () => {
    expect(pick(9, 'NLRTM', '40HC')).toBe(5);
    expect(pick(9, 'DEHAM', '40HC')).toBe(6);
    expect(pick(1, 'NLRTM', '40HC')).toBe(4);
    expect(pick(1, 'NLRTM', '20DV')).toBe(3);
    expect(pick(1, 'ESVLC', '40HC')).toBe(2);
    expect(pick(1, 'ESVLC', null)).toBe(1);
  });

  it('finds nothing when no scope fits', () => {
    expect(
      matchRule([rule({ carrier_id: 3 })], { carrier_id: 4, pod_locode: null, container_type: null }),
    ).toBeNull();
  });
});

describe('containerTypeGroup', () => {
  it('maps ISO 6346 size-type codes to groups', () => {
    const cases: Array<[string, string | null]> = [
      ['22G1', '20DV'],
      ['42G1', '40DV'],
      ['45G1', '40HC'],
      ['L5G1', '45HC'],
      ['22R1', '20RF'],
      ['45R1', '40RF'],
      ['22U1', '20OT'],
      ['42U1', '40OT'],
      ['22P1', '20FR'],
      ['42P1', '40FR'],
      ['22T1', '20TK'],
      ['XXXX', null],
    ];
    for (const [iso, group] of cases) expect(containerTypeGroup(iso)).toBe(group);
    expect(containerTypeGroup(null, "40' HC")).toBe('40HC');
  });
});
