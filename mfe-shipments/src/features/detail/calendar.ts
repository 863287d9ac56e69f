// The status calendar of spec section 2: which steps a shipment shows, their dates (real or planned) and how
// they fill from the real arrival/departure dates, plus the progress of the actual calendar.
import type { Milestone, Port, Shipment } from '@portal/shared-api';

type DateKind = 'arrival' | 'discharge' | 'load' | 'departure';

export type StepKey =
  | 'empty_pickup'
  | 'origin'
  | 'pol'
  | 'tsp1'
  | 'tsp2'
  | 'tsp3'
  | 'tsp4'
  | 'pod'
  | 'lif'
  | 'delivery'
  | 'empty_return';

interface StepDefinition {
  key: StepKey;
  loc:
    | 'empty_pickup_loc'
    | 'origin_loc'
    | 'pol_loc'
    | `tsp${1 | 2 | 3 | 4}_loc`
    | 'pod_loc'
    | 'lif_loc'
    | 'dlv_loc'
    | 'empty_return_loc';
  dates: [DateKind, Milestone][];
  /** Shown only when the shipment has this location (transshipments, last inland facility). */
  optional?: boolean;
}

const tsp = (n: 1 | 2 | 3 | 4): StepDefinition => ({
  key: `tsp${n}`,
  loc: `tsp${n}_loc`,
  optional: true,
  dates: [
    ['arrival', `tsp${n}_vessel_arrival`],
    ['discharge', `tsp${n}_discharge`],
    ['load', `tsp${n}_loaded`],
    ['departure', `tsp${n}_vessel_departure`],
  ],
});

const STEPS: readonly StepDefinition[] = [
  { key: 'empty_pickup', loc: 'empty_pickup_loc', dates: [['departure', 'empty_pickup']] },
  { key: 'origin', loc: 'origin_loc', dates: [['departure', 'origin_pickup']] },
  {
    key: 'pol',
    loc: 'pol_loc',
    dates: [
      ['arrival', 'pol_arrival'],
      ['discharge', 'pol_discharge'],
      ['load', 'pol_loaded'],
      ['departure', 'pol_vessel_departure'],
    ],
  },
  tsp(1),
  tsp(2),
  tsp(3),
  tsp(4),
  {
    key: 'pod',
    loc: 'pod_loc',
    dates: [
      ['arrival', 'pod_vessel_arrival'],
      ['discharge', 'pod_discharge'],
      ['departure', 'pod_departure'],
    ],
  },
  {
    key: 'lif',
    loc: 'lif_loc',
    optional: true,
    dates: [
      ['arrival', 'lif_arrival'],
      ['departure', 'lif_departure'],
    ],
  },
  { key: 'delivery', loc: 'dlv_loc', dates: [['arrival', 'delivery']] },
  { key: 'empty_return', loc: 'empty_return_loc', dates: [['arrival', 'empty_return']] },
];

export type CalendarMode = 'planned' | 'actual';

interface StepDate {
  kind: DateKind;
  value: string | null;
  /** True for a real (actual) date: shown black; planned dates are grey. */
  real: boolean;
}

type StepState = 'done' | 'current' | 'pending';

export interface CalendarStep {
  key: StepKey;
  port: Port | null;
  dates: StepDate[];
  state: StepState;
}

const read = (s: Shipment, m: Milestone, r: 'planned_initial' | 'planned_last' | 'actual' | 'prediction') =>
  s[`${m}_${r}`] ?? null;

/** The date a step shows for one milestone: in the planned calendar the first plan; in the actual one the real date, else the latest plan. */
function stepDate(s: Shipment, kind: DateKind, m: Milestone, mode: CalendarMode): StepDate {
  if (mode === 'planned') {
    return { kind, value: read(s, m, 'planned_initial') ?? read(s, m, 'planned_last'), real: false };
  }
  const actual = read(s, m, 'actual');
  if (actual) return { kind, value: actual, real: true };
  return {
    kind,
    value: read(s, m, 'planned_last') ?? read(s, m, 'prediction') ?? read(s, m, 'planned_initial'),
    real: false,
  };
}

/**
 * A step is done when it has a real departure (or, for a step without departure, a real date), or when any
 * later step has a real date; it is current when it has a real arrival (or other real date) but is not done.
 */
export function buildCalendar(s: Shipment, mode: CalendarMode): CalendarStep[] {
  const shown = STEPS.filter((def) => {
    if (s[def.loc]) return true;
    if (def.optional) return false;
    return def.dates.some(
      ([, m]) => read(s, m, 'actual') || read(s, m, 'planned_initial') || read(s, m, 'planned_last'),
    );
  });
  const realOf = (def: StepDefinition) => def.dates.filter(([, m]) => read(s, m, 'actual') !== null);
  const lastReal = shown.reduce((last, def, i) => (realOf(def).length > 0 ? i : last), -1);
  return shown.map((def, i) => {
    const real = realOf(def);
    const hasDeparture = def.dates.some(([kind]) => kind === 'departure');
    const departed = real.some(([kind]) => kind === 'departure');
    let state: StepState = 'pending';
    if (i < lastReal || departed || (real.length > 0 && !hasDeparture)) state = 'done';
    else if (real.length > 0) state = 'current';
    return {
      key: def.key,
      port: s[def.loc],
      dates: def.dates.map(([kind, m]) => stepDate(s, kind, m, mode)),
      state,
    };
  });
}

/**
 * Progress of the actual calendar in percent: at a current step the bar reaches that step; after a done step it
 * reaches half way to the next one; the last step done is 100.
 */
export function calendarProgress(steps: CalendarStep[]): number {
  const last = steps.length - 1;
  let index = -1;
  steps.forEach((step, i) => {
    if (step.state !== 'pending') index = i;
  });
  if (index < 0) return 0;
  if (last === 0) return steps[0].state === 'done' ? 100 : 50;
  const position = steps[index].state === 'current' ? index : Math.min(index + 0.5, last);
  return Math.round((position / last) * 100);
}
