// The carrier network simulator's public shapes (server.ts builds it): its options, the carriers it
// plays, the GET faults an admin sets, the push subscriptions it keeps and the handle it returns.
import type { FastifyInstance } from 'fastify';
import type { CodeType } from '../dcsa/types';
import type { CarrierFaults, FeedItem } from './faults';
import type { Journey } from './journey';

export interface Clock {
  now(): number;
}

type FaultKind = 'timeout' | '5xx' | 'malformed' | 'wrong-schema' | 'duplicates' | 'out-of-order';
export interface Fault {
  kind: FaultKind;
  /** Number of GET /v2/events answers affected (default: all until cleared). */
  times?: number;
}

export interface SimulatedCarrier {
  /** How an unknown reference is answered: `[]` (default) or 404. */
  unknownReference?: 'empty' | '404';
  /** When set, requests must carry `Authorization: Bearer <token>`. */
  bearerToken?: string;
  /** This carrier's data faults (faults.ts), in both versions; default the simulator's `faults`. */
  faults?: CarrierFaults;
  /**
   * The free days behind the last free days this carrier sends (journey-dwell.ts), null for none; absent = the
   * carrier's own (CARRIER_FREE_DAYS: MAEU and HLCU send them).
   */
  freeDays?: { demurrage: number; detention: number } | null;
}

export interface SimulatorOptions {
  clock?: Clock;
  /** Journeys start within 60 days after this instant (default 2025-01-01T00:00Z). */
  epoch?: number;
  carriers?: Record<string, SimulatedCarrier>;
  /** How long a `timeout` fault holds the answer (default 30 s). */
  timeoutFaultMs?: number;
  /** Rolled containers and vessel changes: drawn per reference ('random', the default) or never ('none'). */
  disruptions?: 'random' | 'none';
  /** Data faults of every carrier (faults.ts): lost and out-of-order pushes, late publication, ... */
  faults?: CarrierFaults;
}

export interface Subscription {
  subscriptionID: string;
  scac: string;
  /** The DCSA version pushed: v2.2 lists to callbackUrl, v3.0 `{events}` to callbackUrl + /events. */
  version: '2.2' | '3.0';
  callbackUrl: string;
  secret: string;
  filter: {
    eventType?: string[];
    equipmentReference?: string;
    carrierBookingReference?: string;
    transportDocumentReference?: string;
  };
  /** Events shown up to this instant have been delivered. */
  deliveredUntil: number;
  /** Events held back (out of order) for the next delivery. */
  held: FeedItem[];
}

export interface DeliveryResult {
  subscriptionID: string;
  status: number | 'error';
  count: number;
}

export interface Simulator {
  app: FastifyInstance;
  clock: Clock;
  /** The journey a reference belongs to (generated on first sight), or null for an unknown one. */
  journeyFor(scac: string, codeType: CodeType, reference: string): Journey | null;
  setFault(scac: string, fault: Fault | null): void;
  subscriptions(): Subscription[];
  /** Pushes the events released since the last delivery to every subscriber; returns the HTTP statuses. */
  deliver(): Promise<DeliveryResult[]>;
  /**
   * The carrier retracts an event (v3.0 isRetracted) at `at` (default now): from then on v3 answers
   * and pushes carry the retraction in its place, v2.2 answers leave the event out.
   */
  retract(scac: string, eventID: string, at?: number): void;
  /** Sets (or clears, with null) a carrier's data faults. */
  setFaults(scac: string, faults: CarrierFaults | null): void;
  /** The carrier's feed of a journey (what it shows when, with its faults). */
  feedOf(scac: string, journey: Journey): FeedItem[];
}
