// What a carrier really publishes for a journey, with the faults real carriers show (for both DCSA
// versions): late publication (created long before it is shown), retractions and re-publications
// (v3.0 isRetracted; v2.2 answers leave the event out meanwhile), containers re-used on other
// bookings (their earlier trips leak into the answers for our booking / B/L), vessel events without
// a UN/LOCODE (only the vessel and voyage). Push faults (lost, out of order) and paging faults
// (repeated events at a page boundary) are drawn here too, per item, so that a run is repeatable.
// Without faults the feed is the journey's events as they are, each shown from its creation time.
import { createHash } from 'node:crypto';
import type { DcsaEvent } from '../dcsa/types';
import { toV3 } from '../dcsa/v3';
import { stableUuid } from './random';
import type { Journey } from './journey';

export interface CarrierFaults {
  /** Share (0-1) of pushed events the carrier loses (never delivered by push). */
  pushLoss?: number;
  /** Share of pushed events held back to a later delivery (they arrive after later events). */
  pushOutOfOrder?: number;
  /** Share of events shown only some time after their creation time (up to maxDelayMs). */
  latePublication?: { share: number; maxDelayMs: number };
  /** Share of page boundaries at which the next page repeats the last 2 events (a cursor retried). */
  duplicatePages?: number;
  /**
   * Share of actual events the carrier retracts `retractAfterMs` after showing them and publishes
   * again (same eventID, same data, a new creation time) `republishAfterMs` after the retraction.
   */
  republication?: { share: number; retractAfterMs: number; republishAfterMs: number };
  /** Share of journeys whose first container made an earlier trip on another booking, which leaks into booking / B/L answers. */
  reusedContainers?: number;
  /** Share of actual vessel arrivals and departures published without a UN/LOCODE (only vessel and voyage). */
  withoutLocode?: number;
}

/** One thing the carrier shows from `visibleAt`: an event (content) or a retraction of its eventID. */
export interface FeedItem {
  /** Unique per item. */
  key: string;
  /** When the carrier starts showing it. */
  visibleAt: number;
  /** Its eventCreatedDateTime (v2.2) / eventUpdatedDateTime (v3.0), on the carrier's clock. */
  updatedAt: number;
  equipmentReference: string | null;
  event: DcsaEvent;
  /** A retraction of event.eventID (v3.0 isRetracted), not an event. */
  retraction?: boolean;
  /** Another booking's event (a re-used container): only in answers for a booking / B/L. */
  foreign?: boolean;
  /** Published without a transport call reference in v3 (placed by vessel and voyage only). */
  withoutCallReference?: boolean;
}

/** A deterministic draw in [0, 1) for a key (the same key, the same draw). */
export function draw(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32LE(0) / 4294967296;
}

const iso = (ms: number) => new Date(ms).toISOString();
const shifted = (value: string, by: number) => iso(Date.parse(value) + by);

type JourneyEvent = Journey['events'][number];

/** What the carrier shows of one journey event: late, without its UN/LOCODE, retracted and republished. */
function itemsOfEvent(s: JourneyEvent, faults: CarrierFaults, seed: string): FeedItem[] {
  const items: FeedItem[] = [];
  const id = s.event.eventID;
  let event = s.event;
  let withoutCallReference = false;
  const late = faults.latePublication;
  const delay =
    late && draw(`${seed}|late|${id}`) < late.share
      ? Math.round(draw(`${seed}|late-by|${id}`) * late.maxDelayMs)
      : 0;
  if (
    faults.withoutLocode &&
    event.eventType === 'TRANSPORT' &&
    event.eventClassifierCode === 'ACT' &&
    draw(`${seed}|locode|${id}`) < faults.withoutLocode
  ) {
    const { UNLocationCode: _u, location: _l, facilityTypeCode: _f, ...call } = event.transportCall;
    event = {
      ...event,
      transportCall: { ...call, vessel: { vesselIMONumber: call.vessel!.vesselIMONumber } },
    };
    withoutCallReference = true;
  }
  const shown = s.createdAt + delay;
  items.push({
    key: `${id}|0`,
    visibleAt: shown,
    updatedAt: s.createdAt,
    equipmentReference: s.equipmentReference,
    event,
    withoutCallReference,
  });
  const again = faults.republication;
  if (again && event.eventClassifierCode === 'ACT' && draw(`${seed}|republish|${id}`) < again.share) {
    const retractedAt = shown + again.retractAfterMs;
    const republishedAt = retractedAt + again.republishAfterMs;
    items.push({
      key: `${id}|retracted`,
      visibleAt: retractedAt,
      updatedAt: retractedAt,
      equipmentReference: s.equipmentReference,
      event,
      retraction: true,
    });
    items.push({
      key: `${id}|1`,
      visibleAt: republishedAt,
      updatedAt: republishedAt,
      equipmentReference: s.equipmentReference,
      event: { ...event, eventCreatedDateTime: iso(republishedAt) },
      withoutCallReference,
    });
  }
  return items;
}

/** The first container's earlier trip, 120 days before, on another booking and B/L. */
function reusedContainerItems(journey: Journey, seed: string): FeedItem[] {
  const items: FeedItem[] = [];
  const container = journey.containers[0].equipmentReference;
  const before = -120 * 86_400_000;
  const booking = `R${journey.bookingReference}`.slice(0, 20);
  const bl = `R${journey.transportDocumentReference}`.slice(0, 20);
  const documentReferences = [
    { documentReferenceType: 'BKG' as const, documentReferenceValue: booking },
    { documentReferenceType: 'TRD' as const, documentReferenceValue: bl },
  ];
  const earlier = journey.events.filter(
    (s) =>
      s.equipmentReference === container ||
      (s.event.eventType === 'TRANSPORT' && s.event.eventClassifierCode === 'ACT'),
  );
  for (const s of earlier) {
    const event = {
      ...s.event,
      eventID: stableUuid(`${seed}|reused|${s.event.eventID}`),
      eventCreatedDateTime: shifted(s.event.eventCreatedDateTime, before),
      eventDateTime: shifted(s.event.eventDateTime, before),
      documentReferences,
    } as DcsaEvent;
    items.push({
      key: `${event.eventID}|0`,
      visibleAt: s.createdAt + before,
      updatedAt: s.createdAt + before,
      equipmentReference: s.equipmentReference,
      event,
      foreign: true,
    });
  }
  return items;
}

/** The carrier's feed of a journey under `faults` (draws keyed by `seed`), sorted by visibleAt. */
export function carrierFeed(
  journey: Journey,
  faults: CarrierFaults = {},
  seed = journey.bookingReference,
): FeedItem[] {
  const items = journey.events.flatMap((s) => itemsOfEvent(s, faults, seed));
  if (faults.reusedContainers && draw(`${seed}|reused`) < faults.reusedContainers)
    items.push(...reusedContainerItems(journey, seed));
  return items.sort((a, b) => a.visibleAt - b.visibleAt || (a.key < b.key ? -1 : 1));
}

/**
 * What the carrier shows at `now` of a feed: per eventID the latest visible item (by update time),
 * a retraction included (v3 shows it; v2.2 leaves the event out).
 */
export function currentView(items: readonly FeedItem[], now: number): FeedItem[] {
  const latest = new Map<string, FeedItem>();
  for (const item of items) {
    if (item.visibleAt > now) continue;
    const known = latest.get(item.event.eventID);
    if (!known || item.updatedAt >= known.updatedAt) latest.set(item.event.eventID, item);
  }
  return [...latest.values()].sort((a, b) => a.updatedAt - b.updatedAt || (a.key < b.key ? -1 : 1));
}

/** The v3.0 body of a feed item: the event in v3's shape, or its retraction. */
export function v3BodyOf(item: FeedItem): Record<string, unknown> {
  if (item.retraction)
    return {
      eventID: item.event.eventID,
      isRetracted: true,
      eventUpdatedDateTime: new Date(item.updatedAt).toISOString(),
    };
  const body = toV3(item.event);
  const call = (body.transportDetails as { transportCall?: Record<string, unknown> } | undefined)
    ?.transportCall;
  if (item.withoutCallReference && call) delete call.transportCallReference;
  return body;
}
