// The status text (from the actual milestones reached) and the lifecycle of a shipment.
import type { LifecycleStatus, Milestone, ShipmentStatusText } from '@portal/shared-api/domain';
import type { Ev } from './events';
import type { Dates, RoleOfPort } from './milestones';
import type { RoutePlan } from './route';
import type { DeriveContext, DerivedLeg } from './types';

const DAY = 24 * 3_600_000;
/** Default for DeriveContext.expireAfterDays. */
const EXPIRE_AFTER_DAYS = 30;

/** Status text (spec section 4) from the actual milestones reached. */
export function statusOf(
  evs: readonly Ev[],
  route: RoutePlan,
  legs: readonly DerivedLeg[],
  get: (m: Milestone) => Dates,
  roleOf: (locode: string) => RoleOfPort,
): ShipmentStatusText {
  const done = (m: Milestone) => get(m).actual !== null;
  if (done('empty_return')) return 'completed';
  if (done('delivery')) return 'delivered; returning container';
  if (done('pod_departure') || done('lif_arrival') || done('lif_departure'))
    return 'land transport to Place of Delivery';
  if (done('pod_discharge')) return 'in POD terminal';
  if (done('pod_vessel_arrival')) return 'waiting for discharge at POD';
  for (let i = legs.length - 1; i >= 0; i--) {
    const to = roleOf(legs[i].to);
    if (
      to !== 'pod' &&
      (done(`${to}_vessel_arrival` as Milestone) ||
        done(`${to}_discharge` as Milestone) ||
        done(`${to}_loaded` as Milestone))
    )
      return 'in transshipment';
    if (done(`${roleOf(legs[i].from)}_vessel_departure` as Milestone))
      return i === 0 ? 'ocean transport from POL' : 'ocean transport to POD';
  }
  // Only one port known (no legs yet): its actual vessel departure still moves the status on.
  if (done('pol_vessel_departure')) return 'ocean transport from POL';
  if (done('pol_loaded')) return 'waiting for departure from POL';
  if (done('pol_arrival')) return 'in POL terminal';
  if (done('empty_pickup') || done('origin_pickup')) return 'land transport to POL';
  const moving = evs.some((e) => e.type !== 'SHIPMENT');
  if (!moving) return 'initializing';
  const equipmentActs = evs.some((e) => e.type === 'EQUIPMENT' && e.cls === 'ACT');
  return equipmentActs || route.ports.length === 0 ? 'unknown' : 'waiting for pickup';
}

/** Completed with the status; expired when the carrier published nothing for `expireAfterDays`; else active. */
export function lifecycleOf(
  status: ShipmentStatusText,
  created: number | null,
  ctx: DeriveContext,
): LifecycleStatus {
  const expireMs = (ctx.expireAfterDays ?? EXPIRE_AFTER_DAYS) * DAY;
  return status === 'completed'
    ? 'completed'
    : created !== null && ctx.now.getTime() - created > expireMs
      ? 'expired'
      : 'active';
}
