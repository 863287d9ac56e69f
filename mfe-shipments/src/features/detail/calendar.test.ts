import { makeShipment, SINGAPORE } from '../__fixtures__/shipment';
import { buildCalendar, calendarProgress } from './calendar';

const states = (steps: ReturnType<typeof buildCalendar>) => steps.map((s) => [s.key, s.state]);

describe('the status calendar', () => {
  it('shows the steps with a place or a date; transshipments only when the shipment has them', () => {
    const steps = buildCalendar(makeShipment({ tsp1_loc: null }), 'actual');
    expect(steps.map((s) => s.key)).toEqual(['pol', 'pod']);
    const withTsp = buildCalendar(
      makeShipment({ empty_pickup_planned_initial: '2026-01-02T08:00:00Z' }),
      'actual',
    );
    expect(withTsp.map((s) => s.key)).toEqual(['empty_pickup', 'pol', 'tsp1', 'pod']);
    expect(withTsp[2].port).toBe(SINGAPORE);
  });

  it('fills a step by its real departure, marks a real arrival without departure as current', () => {
    const s = makeShipment({
      pol_arrival_actual: '2026-01-03T08:00:00Z',
      pol_vessel_departure_actual: '2026-01-05T08:00:00Z',
      tsp1_vessel_arrival_actual: '2026-01-20T08:00:00Z',
      tsp1_vessel_departure_planned_last: '2026-01-23T08:00:00Z',
    });
    expect(states(buildCalendar(s, 'actual'))).toEqual([
      ['pol', 'done'],
      ['tsp1', 'current'],
      ['pod', 'pending'],
    ]);
  });

  it('fills every step before the last one with a real date, even without its own', () => {
    const s = makeShipment({ tsp1_vessel_departure_actual: '2026-01-25T08:00:00Z' });
    expect(states(buildCalendar(s, 'actual'))).toEqual([
      ['pol', 'done'],
      ['tsp1', 'done'],
      ['pod', 'pending'],
    ]);
  });

  it('fills a final step (no departure) once it has a real date', () => {
    const s = makeShipment({
      tsp1_loc: null,
      pod_vessel_arrival_actual: '2026-02-01T08:00:00Z',
      delivery_actual: '2026-02-04T08:00:00Z',
    });
    const steps = buildCalendar(s, 'actual');
    expect(states(steps)).toEqual([
      ['pol', 'done'],
      ['pod', 'done'],
      ['delivery', 'done'],
    ]);
    expect(calendarProgress(steps)).toBe(100);
  });

  it('shows real dates as real and falls back to the latest plan (not real) in the actual calendar', () => {
    const s = makeShipment({
      pol_arrival_actual: '2026-01-03T08:00:00Z',
      pol_arrival_planned_initial: '2026-01-01T08:00:00Z',
      pol_vessel_departure_planned_initial: '2026-01-04T08:00:00Z',
      pol_vessel_departure_planned_last: '2026-01-06T08:00:00Z',
    });
    const [pol] = buildCalendar(s, 'actual');
    expect(pol.dates.find((d) => d.kind === 'arrival')).toEqual({
      kind: 'arrival',
      value: '2026-01-03T08:00:00Z',
      real: true,
    });
    expect(pol.dates.find((d) => d.kind === 'departure')).toEqual({
      kind: 'departure',
      value: '2026-01-06T08:00:00Z',
      real: false,
    });
    const [plannedPol] = buildCalendar(s, 'planned');
    expect(plannedPol.dates.find((d) => d.kind === 'arrival')).toEqual({
      kind: 'arrival',
      value: '2026-01-01T08:00:00Z',
      real: false,
    });
    expect(plannedPol.dates.find((d) => d.kind === 'departure')?.value).toBe('2026-01-04T08:00:00Z');
  });

  it('moves the progress bar with the real dates', () => {
    const nothing = buildCalendar(makeShipment(), 'actual');
    expect(calendarProgress(nothing)).toBe(0);
    const atTsp = buildCalendar(
      makeShipment({ tsp1_vessel_arrival_actual: '2026-01-20T08:00:00Z' }),
      'actual',
    );
    expect(calendarProgress(atTsp)).toBe(50);
    const leftPol = buildCalendar(
      makeShipment({ pol_vessel_departure_actual: '2026-01-05T08:00:00Z' }),
      'actual',
    );
    expect(calendarProgress(leftPol)).toBe(25);
  });
});
