// The duration columns (days, 2 decimals): at the POL, each transshipment port and the POD, storage,
// transit, and the discrepancies of the ETA against the contractual ones.
import type { Milestone } from '@portal/shared-api/domain';
import type { Dates } from './milestones';
import type { RoutePlan } from './route';
import type { DeriveContext, DerivedColumns } from './types';

const DAY = 24 * 3_600_000;

const days = (from: Date | null, to: Date | null): number | null =>
  from && to ? Math.round(((to.getTime() - from.getTime()) / DAY) * 100) / 100 : null;
const sumOrNull = (values: Array<number | null>): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.round(known.reduce((a, b) => a + b, 0) * 100) / 100 : null;
};

/** The days at the POL, each transshipment port and the POD, storage, transit and the discrepancies of the ETA. */
export function durationColumns(
  columns: DerivedColumns,
  route: RoutePlan,
  get: (m: Milestone) => Dates,
  ctx: DeriveContext,
): void {
  const podArr = get('pod_vessel_arrival');
  const polDep = get('pol_vessel_departure');
  const nowDate = ctx.now;
  const stay = (start: Dates, end: Dates) => ({
    actual: start.actual ? days(start.actual, end.actual ?? nowDate) : null,
    initial: days(start.planned_initial ?? start.actual, end.planned_initial),
    last: days(start.actual ?? start.planned_last, end.actual ?? end.planned_last),
  });
  const pol = stay(get('pol_arrival'), polDep);
  columns.days_in_pol = pol.actual;
  columns.days_in_pol_planned_initial = pol.initial;
  columns.days_in_pol_planned_last = pol.last;
  const tsps: Array<ReturnType<typeof stay>> = [];
  for (const k of [1, 2, 3, 4] as const) {
    if (!route.ports[k] || k >= route.ports.length - 1) break;
    const s = stay(get(`tsp${k}_vessel_arrival`), get(`tsp${k}_vessel_departure`));
    tsps.push(s);
    columns[`days_in_tsp${k}`] = s.actual;
    columns[`days_in_tsp${k}_planned_initial`] = s.initial;
    columns[`days_in_tsp${k}_planned_last`] = s.last;
  }
  columns.days_in_tsp = sumOrNull(tsps.map((s) => s.actual));
  columns.days_in_tsp_planned_initial = sumOrNull(tsps.map((s) => s.initial));
  columns.days_in_tsp_planned_last = sumOrNull(tsps.map((s) => s.last));
  const pod = stay(podArr, get('pod_departure'));
  columns.days_in_pod = pod.actual;
  columns.days_in_pod_planned_initial = pod.initial;
  columns.days_in_pod_planned_last = pod.last;
  const polIn = get('pol_arrival').actual;
  columns.storage_days_at_pol = polIn ? days(polIn, get('pol_loaded').actual ?? nowDate) : null;
  const podIn = get('pod_discharge').actual;
  columns.storage_days_at_pod = podIn ? days(podIn, get('pod_departure').actual ?? nowDate) : null;
  columns.transit_time = days(polDep.actual, podArr.actual);
  columns.transit_time_planned = days(polDep.planned_initial, podArr.planned_initial);
  columns.discrepancy_eta_at_pod = ctx.contractualEtaPod
    ? days(ctx.contractualEtaPod, columns.ata ?? columns.eta)
    : null;
  const delivery = get('delivery');
  columns.discrepancy_eta_at_dlv = ctx.contractualEtaDlv
    ? days(ctx.contractualEtaDlv, delivery.actual ?? delivery.planned_last)
    : null;
}
