// Demurrage and detention: the clocks (pure: calendar.ts, tiers.ts, rules.ts, snapshot.ts, view.ts), writing them
// to shipments (apply.ts), the background recompute after a rule change and the daily refresh (recompute.ts,
// worker.ts), and the webhook events (notify.ts). README.md describes the rules.
export { applyFreeTime, loadRules, type ApplyOptions, type ApplyResult } from './apply';
export { containerTypeGroup } from './container-type';
export { lastFreeDay, weekendOf } from './calendar';
export { matchRule, ruleScore, toRule, type FreeTimeRule } from './rules';
export { computeFreeTime, freeTimeColumns, type ContainerDates } from './snapshot';
export { parseStored, type StoredClock, type StoredFreeTime } from './stored';
export { tierCost } from './tiers';
export { freeTimeView, todayUtc, type ClockState, type ClockView, type FreeTimeView } from './view';
export {
  claimFreeTimeRecompute,
  refreshRunningClocks,
  requestFreeTimeRecompute,
  runFreeTimeRecompute,
  FREE_TIME_BATCH,
} from './recompute';
export { startFreeTimeWorker, type FreeTimeWorker } from './worker';
