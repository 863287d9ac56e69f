// Shapes shared by the ingestion steps (../ingest.ts runs them): the batch a caller gives, the
// result it gets back, the payloads set aside on the way and the valid events on their way in.
import type { RejectedPayload } from '../dcsa/connector';
import type { V3Retraction } from '../dcsa/v3';
import type { DcsaEvent } from '../dcsa/types';

export type SetAsideKind =
  | 'invalid'
  | 'schema'
  | 'unstorable'
  | 'irrelevant'
  | 'other_shipment'
  | 'clamped'
  | 'retracted'
  | 'retraction_refused';

/** Set-aside kinds that a later ingestion re-examines (a new document reference may make them relevant). */
export const RE_EXAMINED: SetAsideKind[] = ['irrelevant', 'other_shipment'];

export interface IngestBatch {
  carrierId: number;
  trackingRequestId?: number | null;
  source: 'poll' | 'push';
  /** Already validated events... */
  events?: DcsaEvent[];
  /** ...and already rejected ones (from the connector)... */
  rejected?: RejectedPayload[];
  /** ...or raw payloads still to validate. */
  raw?: unknown[];
  /** DCSA v3.0 retractions (isRetracted) to apply. */
  retractions?: V3Retraction[];
  /**
   * Attach only the events that concern the tracking request's reference (the engine's polls and
   * the push callback ask for it; bulk tools that feed a request on purpose do not).
   */
  relevance?: boolean;
  /** The portal's clock in ms (default Date.now()). */
  now?: number;
  /**
   * Polls: the carrier's clock when it answered (ms, from its Date header), which bounds the poll
   * cursor; null or absent when unknown.
   */
  carrierNow?: number | null;
  /** How far ahead of our clock a carrier's eventCreatedDateTime may be (default 5 minutes). */
  clockSkewMs?: number;
  /** Events per INSERT (default 1000). */
  chunkSize?: number;
  /** Called inside the transaction after each chunk (crash-injection tests). */
  afterChunk?: (chunkIndex: number) => Promise<void> | void;
}

export interface IngestResult {
  /** New events stored. */
  inserted: number;
  /** Events already stored with the same content (or a version already known). */
  duplicates: number;
  /** Events newly set aside (invalid, unstorable, irrelevant). */
  rejected: number;
  /** New versions of known eventIDs (different content). */
  versions: number;
  /** Events stored with a clamped eventCreatedDateTime. */
  clamped: number;
  /** Stored events a retraction discarded. */
  retracted: number;
}

export const CHUNK = 1000;
export const CLOCK_SKEW_MS = 5 * 60_000;

export interface SetAside {
  raw: unknown;
  reasons: string[];
  kind: SetAsideKind;
}

/** A valid event on its way in, with the creation time the engine trusts. */
export interface Incoming {
  event: DcsaEvent;
  /** JSON text stored in raw (the event as received, plus a derived eventID when it had none). */
  json: string;
  /** Canonical JSON (key order ignored) for content comparison. */
  canonical: string;
  created: string;
  clampedFrom: string | null;
}

/** A valid event to store, or one set aside earlier (retriedId) that a new document reference may make relevant. */
export type Candidate = { event: DcsaEvent; retriedId: string | null };
