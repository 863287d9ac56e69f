// The tracking engine's public surface.
export { backoffSeconds, engineConfig, type EngineConfig } from './config';
export { QUEUES, runningEngine, startEngine, type Engine, type EngineOptions } from './engine';
export { enqueueTrackingRequest, retryTrackingRequest } from './enqueue';
export { groupByContainer, normaliseContainer } from './grouping';
export {
  ARCHIVABLE_SQL,
  CANCELLABLE_SQL,
  isArchivable,
  isCancellable,
  trackingRequestFlags,
  type FlagInput,
  type RequestFlags,
} from './lifecycle';
export { pollTrackingRequest } from './poll';
export { recomputeTrackingRequest } from './recompute';
