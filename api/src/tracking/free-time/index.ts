// Demurrage and detention: the clocks (pure: calendar.ts, tiers.ts, rules.ts, snapshot.ts, view.ts), writing them
// to shipments (apply.ts), the background recompute after a rule change and the daily refresh (recompute.ts,
// worker.ts), and the webhook events (notify.ts). README.md describes the rules.
export { applyFreeTime } from './apply';
export { containerTypeGroup } from './container-type';
export { matchRule, type FreeTimeRule } from './rules';
export { computeFreeTime } from './snapshot';
export { freeTimeView, todayUtc, type FreeTimeView } from './view';
export {
  claimFreeTimeRecompute,
  refreshRunningClocks,
  requestFreeTimeRecompute,
  runFreeTimeRecompute,
} from './recompute';
export { startFreeTimeWorker } from './worker';
