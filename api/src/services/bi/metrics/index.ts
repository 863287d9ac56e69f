// The numbers of each BI metric (catalogue.ts). Client metrics count the caller's company only (visible
// shipments, health with the caller's thresholds); internal ones span every company. History and Shipments
// metrics read the monthly rollup bi_shipment_rollup (migration 0012) for the whole months of the date range and
// the shipments themselves, through the same bi_shipment_fact(), for the days at its edges.
// One module per section of the catalogue; this registry maps each metric's name to its computation.
import { FREE_TIME_COST_METRIC } from '../free-time-def';
import { freeTimeCost } from '../free-time';
import type { MetricContext, MetricResult } from './common';
import { activeByStage, arrivalsNextDays, stoppedContainers } from './real-time';
import {
  currentExceptions,
  delayByCarrier,
  delayByLane,
  dwellAtPod,
  etaAccuracy,
  monthlyByCarrier,
  rolledAndVesselChanges,
  topLanes,
  transitByLane,
} from './history';
import {
  tqAisShare,
  tqCompleteness,
  tqEventLatency,
  tqInvalidShare,
  tqPollFailures,
} from './tracking-quality';
import { ctActive, ctInvalidRate, ctVolumeVsCap, monthlyByCompany } from './customer-tracking';

export { BI_EXPORT_MAX_ROWS, BI_PAGE_SIZE, type MetricContext, type MetricResult } from './common';

export const COMPUTE: Record<string, (ctx: MetricContext) => Promise<MetricResult>> = {
  active_by_stage: activeByStage,
  stopped_containers: stoppedContainers,
  arrivals_next_days: arrivalsNextDays,
  on_time_rate: (ctx) => monthlyByCarrier(ctx, 'on_time'),
  avg_delay_by_carrier: delayByCarrier,
  avg_delay_by_lane: delayByLane,
  transit_time_by_lane: transitByLane,
  rolled_and_vessel_changes: rolledAndVesselChanges,
  eta_accuracy: etaAccuracy,
  created_per_month: (ctx) => monthlyByCarrier(ctx, 'count'),
  top_lanes: topLanes,
  dwell_at_pod: dwellAtPod,
  current_exceptions: currentExceptions,
  [FREE_TIME_COST_METRIC]: freeTimeCost,
  tq_completeness: tqCompleteness,
  tq_event_latency: tqEventLatency,
  tq_invalid_share: tqInvalidShare,
  tq_ais_share: tqAisShare,
  tq_poll_failures: tqPollFailures,
  ct_requests_per_month: (ctx) => monthlyByCompany(ctx, 'requests'),
  ct_containers_per_month: (ctx) => monthlyByCompany(ctx, 'containers'),
  ct_active_containers: ctActive,
  ct_volume_vs_cap: ctVolumeVsCap,
  ct_invalid_rate: ctInvalidRate,
};
