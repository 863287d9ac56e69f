// The carrier network simulator's state: the journeys it generated per reference, each carrier's
// feed of them (with its data faults and the retractions asked by retract()), the GET faults, the
// push subscriptions and the timers a `timeout` fault holds. The HTTP handlers (events-routes.ts,
// subscriptions.ts) read what a carrier shows through it.
import { isValidContainerNumber } from '../containers';
import type { CodeType } from '../dcsa/types';
import { carrierFeed, currentView, draw, type CarrierFaults, type FeedItem } from './faults';
import { generateJourney, type Journey } from './journey';
import type { Clock, Fault, SimulatedCarrier, SimulatorOptions, Subscription } from './types';

const REFERENCE = /^[A-Z0-9]{6,20}$/;

/** Who the reference is known to: containers need a right check digit, documents 6-20 A-Z/0-9. */
function wellFormed(codeType: CodeType, reference: string): boolean {
  return codeType === 'c_id' ? isValidContainerNumber(reference) : REFERENCE.test(reference);
}

export interface SimulatorStore {
  options: SimulatorOptions;
  clock: Clock;
  carriers: Record<string, SimulatedCarrier>;
  /** The GET faults per carrier (or '*' for all), set by setFault. */
  faults: Map<string, Fault>;
  subs: Map<string, Subscription>;
  /** The timers of answers a `timeout` fault holds, cleared when the server closes. */
  pending: Set<NodeJS.Timeout>;
  /** `${scac}|${eventID}` → when the carrier retracted it (retract()). */
  retracted: Map<string, number>;
  faultsOf(scac: string): CarrierFaults;
  /** Sets (or clears) a carrier's data faults; its feeds are drawn again. */
  setCarrierFaults: (scac: string, faults: CarrierFaults | null) => void;
  /** The carrier's feed of a journey, with the retractions asked by retract(). */
  feedOf: (scac: string, journey: Journey) => FeedItem[];
  journeyFor: (scac: string, codeType: CodeType, reference: string) => Journey | null;
  /**
   * What the carrier shows of a journey at `upTo` for a filter (per eventID its latest item, a
   * retraction included), oldest update first. Another booking's events of a re-used container
   * leak into booking / B/L answers only.
   */
  released(
    scac: string,
    journey: Journey,
    codeType: CodeType,
    container: string | null,
    types: string[] | null,
    upTo: number,
  ): FeedItem[];
  /** The offset of the next page: the carrier repeats the page's last 2 events at some boundaries. */
  nextOffset(scac: string, filterKey: string, offset: number, limit: number): number;
}

/** A feed with the retractions asked by retract() added, each from when it was asked. */
function withManualRetractions(feed: FeedItem[], scac: string, retracted: Map<string, number>): FeedItem[] {
  const manual: FeedItem[] = [];
  for (const item of feed) {
    const at = item.retraction ? undefined : retracted.get(`${scac}|${item.event.eventID}`);
    if (at === undefined || manual.some((m) => m.event.eventID === item.event.eventID)) continue;
    manual.push({
      ...item,
      key: `${item.event.eventID}|manual`,
      visibleAt: at,
      updatedAt: at,
      retraction: true,
    });
  }
  return manual.length ? [...feed, ...manual].sort((a, b) => a.visibleAt - b.visibleAt) : feed;
}

/** The journeys generated per `${scac}|${codeType}|${reference}`, each under all its references. */
function journeyIndex(options: SimulatorOptions, carriers: Record<string, SimulatedCarrier>) {
  const epoch = options.epoch ?? Date.UTC(2025, 0, 1);
  const journeys = new Map<string, Journey>();
  const index = (scac: string, journey: Journey) => {
    journeys.set(`${scac}|b_id|${journey.bookingReference}`, journey);
    journeys.set(`${scac}|m_bl|${journey.transportDocumentReference}`, journey);
    for (const c of journey.containers) journeys.set(`${scac}|c_id|${c.equipmentReference}`, journey);
  };
  return (scac: string, codeType: CodeType, reference: string): Journey | null => {
    const key = `${scac}|${codeType}|${reference}`;
    const known = journeys.get(key);
    if (known) return known;
    if (!wellFormed(codeType, reference)) return null;
    const journey = generateJourney({
      carrierScac: scac,
      seed: key,
      epoch,
      bookingReference: codeType === 'b_id' ? reference : undefined,
      transportDocumentReference: codeType === 'm_bl' ? reference : undefined,
      equipmentReference: codeType === 'c_id' ? reference : undefined,
      disruptions: options.disruptions === 'none' ? undefined : 'random',
      carrierFreeDays: carriers[scac]?.freeDays,
    });
    index(scac, journey);
    return journey;
  };
}

export function createSimulatorStore(options: SimulatorOptions): SimulatorStore {
  const clock = options.clock ?? { now: () => Date.now() };
  const carriers = options.carriers ?? {};
  const retracted = new Map<string, number>();
  const carrierFaults = new Map<string, CarrierFaults>();
  const feeds = new Map<string, FeedItem[]>();
  const faultsOf = (scac: string): CarrierFaults =>
    carrierFaults.get(scac) ?? carriers[scac]?.faults ?? options.faults ?? {};
  const feedOf = (scac: string, journey: Journey): FeedItem[] => {
    const key = `${scac}|${journey.bookingReference}`;
    let feed = feeds.get(key);
    if (!feed) {
      feed = carrierFeed(journey, faultsOf(scac), `${scac}|${journey.bookingReference}`);
      feeds.set(key, feed);
    }
    return withManualRetractions(feed, scac, retracted);
  };
  return {
    options,
    clock,
    carriers,
    faults: new Map(),
    subs: new Map(),
    pending: new Set(),
    retracted,
    faultsOf,
    setCarrierFaults: (scac, f) => {
      if (f) carrierFaults.set(scac, f);
      else carrierFaults.delete(scac);
      for (const key of feeds.keys()) if (key.startsWith(`${scac}|`)) feeds.delete(key);
    },
    feedOf,
    journeyFor: journeyIndex(options, carriers),
    released: (scac, journey, codeType, container, types, upTo) =>
      currentView(feedOf(scac, journey), upTo).filter(
        (e) =>
          (container === null || e.equipmentReference === null || e.equipmentReference === container) &&
          (types === null || types.includes(e.event.eventType)) &&
          (!e.foreign || codeType !== 'c_id'),
      ),
    nextOffset: (scac, filterKey, offset, limit) => {
      const share = faultsOf(scac).duplicatePages ?? 0;
      return limit > 2 && share && draw(`${filterKey}|${offset}`) < share
        ? offset + limit - 2
        : offset + limit;
    },
  };
}
