// The tracking engine's public surface (routes import the engine from here only).
export type { RejectedPayload } from '../dcsa/connector';
export type { DcsaEvent } from '../dcsa/types';
export { DCSA_V3_API_VERSION, readV3, type V3Retraction } from '../dcsa/v3';
export { ingestBatch } from '../ingest';
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
export { findSubscription } from './subscriptions';
