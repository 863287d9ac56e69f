// Benchmark: journey truth through the engine's own delivery path, per DCSA version (2.2, 3.0) and
// push loss (0 %, 20 %, 50 % of pushes dropped at random), polling on. Simulated journeys (0-4
// transshipments, random rolls and vessel changes, 1-3 containers) with known ground truth are
// published by the simulator's carrier model (simulator/faults.ts) with its faults: late publication
// (created hours before it is shown), retractions and re-publications, a container re-used on
// another booking (its earlier trip leaks into the booking's answers), actual vessel events without
// UN/LOCODE, and pushes lost or out of order. The portal side is the engine's: each event is read
// as the version's wire format (v2.2 validator; v3.0 schema and translation), relevance to the
// booking request (ingest.ts splitByRelevance), versions and retractions as ingestion keeps them,
// the poll cursor (nextPollCursor on the carrier's clock, pollSince with the overlap window), and
// derivation per container (derive/). Prints per version and loss rate:
// - the share of shipments (containers) exactly equal to the truth after the next poll: milestones
//   (actuals, first plans, latest plans), legs, route, and the status and lifecycle at every stage
//   of the journey, each checked just after the first poll that follows the stage's data (target
//   100 %), with the first mismatches;
// - the delay from a lost push to the event being stored (by a poll), mean and maximum (target: at
//   most one poll interval);
// - the coverage of the POD arrival prediction band while the last leg sails and before the
//   carrier's final estimate, against its nominal coverage (target nominal ± 5 points: marked ✗ and
//   the process exits 1 outside it).
// `npx tsx api/bench/journeys.bench.ts`. Size and settings: JOURNEYS per row (default 150),
// PUSH_LOSS (percentages, default 0,20,50), VERSIONS (default 2.2,3.0), POLL_MINUTES (poll
// interval, default 360), OVERLAP_HOURS (the engine's poll overlap window, default 24).
import { performance } from 'node:perf_hooks';
import { deriveShipment, POD_BAND_NOMINAL_COVERAGE, type DeriveEvent } from '../src/tracking/derive';
import type { DcsaEvent } from '../src/tracking/dcsa/types';
import { readV3 } from '../src/tracking/dcsa/v3';
import { validateEvent } from '../src/tracking/dcsa/validate';
import { pollSince } from '../src/tracking/engine/poll';
import { nextPollCursor, splitByRelevance } from '../src/tracking/ingest';
import {
  carrierFeed,
  currentView,
  draw,
  v3BodyOf,
  type CarrierFaults,
  type FeedItem,
} from '../src/tracking/simulator/faults';
import { generateJourney, type Journey } from '../src/tracking/simulator/journey';
import { checkComplete, ctxFor, stages } from './journeys-truth';

const JOURNEYS = Number(process.env.JOURNEYS ?? 150);
const LOSSES = (process.env.PUSH_LOSS ?? '0,20,50').split(',').map((v) => Number(v) / 100);
const VERSIONS = (process.env.VERSIONS ?? '2.2,3.0').split(',') as Array<'2.2' | '3.0'>;
const EPOCH = Date.parse('2025-01-01T00:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const POLL = Number(process.env.POLL_MINUTES ?? 360) * MINUTE;
const OVERLAP_SECONDS = Number(process.env.OVERLAP_HOURS ?? 24) * 3600;
/** The simulator publishes an actual at most 4 h after it happens. */
const LAG = 4 * HOUR;
const LATE = { share: 0.1, maxDelayMs: 6 * HOUR };
const REPUBLICATION = { share: 0.05, retractAfterMs: HOUR, republishAfterMs: 2 * HOUR };
/** Pushes held back arrive this much later (out of order). */
const HELD_BY = 2 * HOUR;
/** How long after a stage starts its data is surely shown (publication lag, lateness, a re-publication). */
const SETTLED = LAG + LATE.maxDelayMs + REPUBLICATION.retractAfterMs + REPUBLICATION.republishAfterMs;
/** The band's coverage must be within this many percentage points of its nominal coverage. */
const BAND_TOLERANCE_POINTS = 5;

/**
 * The portal's side of one booking request, as the engine keeps it: stored events (one content per
 * eventID, the latest published), events set aside as not the request's (re-examined at each
 * ingestion), v3 retraction tombstones and the poll cursor.
 */
class Portal {
  readonly store = new Map<string, { event: DcsaEvent; created: number }>();
  private aside = new Map<string, DcsaEvent>();
  private tombstones = new Map<string, number>();
  cursor: number | null = null;
  /** When each feed item was first received (push or poll). */
  readonly seen = new Map<string, number>();
  refused = 0;

  constructor(
    private readonly booking: string,
    private readonly version: '2.2' | '3.0',
  ) {}

  private read(item: FeedItem): DcsaEvent | null {
    if (this.version === '3.0') {
      const r = readV3(v3BodyOf(item));
      if (r.kind === 'event') return r.event;
      if (r.kind === 'rejected') this.refused++;
      return null;
    }
    const r = validateEvent(item.event);
    if (r.ok) return r.event;
    this.refused++;
    return null;
  }

  ingest(items: FeedItem[], t: number, poll: boolean): void {
    const incoming: DcsaEvent[] = [];
    const times: number[] = [];
    for (const item of items) {
      if (!this.seen.has(item.key)) this.seen.set(item.key, t);
      times.push(item.updatedAt);
      if (item.retraction) {
        if (this.version !== '3.0') continue;
        const id = item.event.eventID;
        this.tombstones.set(id, Math.max(this.tombstones.get(id) ?? 0, item.updatedAt));
        const stored = this.store.get(id);
        if (stored && stored.created <= item.updatedAt) this.store.delete(id);
        continue;
      }
      const e = this.read(item);
      if (!e) continue;
      const tomb = this.tombstones.get(e.eventID);
      if (tomb !== undefined && Date.parse(e.eventCreatedDateTime) <= tomb) continue;
      incoming.push(e);
    }
    if (incoming.length) {
      const all = [...[...this.store.values()].map((s) => s.event), ...this.aside.values(), ...incoming];
      const split = splitByRelevance('b_id', this.booking, [], all, (e) => e);
      const relevant = new Set(split.relevant);
      for (const e of [...this.aside.values(), ...incoming]) {
        const key = `${e.eventID}|${e.eventCreatedDateTime}`;
        if (!relevant.has(e)) {
          this.aside.set(key, e);
          continue;
        }
        this.aside.delete(key);
        const created = Date.parse(e.eventCreatedDateTime);
        const known = this.store.get(e.eventID);
        if (!known || created >= known.created) this.store.set(e.eventID, { event: e, created });
      }
    }
    if (poll) this.cursor = nextPollCursor(this.cursor, { received: times, carrierNow: t, portalNow: t });
  }

  /** What the carrier answers a poll at `t` (booking query: a re-used container's other trip included). */
  poll(feed: FeedItem[], t: number): void {
    const since = pollSince(this.cursor, OVERLAP_SECONDS);
    const from = since === null ? -Infinity : Date.parse(since);
    const view = currentView(feed, t).filter((i) =>
      this.version === '3.0'
        ? i.updatedAt >= from
        : !i.retraction && Date.parse(i.event.eventCreatedDateTime) >= from,
    );
    this.ingest(view, t, true);
  }

  /** One container's events as the engine groups them: its equipment events and the shared ones. */
  eventsOf(container: string): DeriveEvent[] {
    const out: DeriveEvent[] = [];
    let n = 0;
    for (const { event } of this.store.values()) {
      n++;
      if (
        event.eventType === 'EQUIPMENT' &&
        event.equipmentReference &&
        event.equipmentReference !== container
      )
        continue;
      out.push({ id: String(n), event });
    }
    return out;
  }
}

interface Row {
  version: string;
  loss: number;
  shipments: number;
  exact: number;
  lost: number;
  delays: number[];
  superseded: number;
  refused: number;
  derivations: number;
  mismatches: Map<string, { count: number; example: string }>;
  bands: { n: number; covered: number; below: number; above: number; widthHours: number };
}

type Action = { t: number; order: number; run: () => void };

/** One journey's run: its truth, the carrier's feed, the portal side, and the timed actions on them. */
interface JourneyRun {
  i: number;
  j: Journey;
  feed: FeedItem[];
  portal: Portal;
  row: Row;
  start: number;
  end: number;
  actions: Action[];
}

/** Pushes (the booking's subscription): each feed item once when shown, unless lost or held back; answers the lost. */
function pushActions(r: JourneyRun, seed: string, version: '2.2' | '3.0', loss: number): FeedItem[] {
  const lostItems: FeedItem[] = [];
  for (const item of r.feed) {
    if (item.visibleAt < r.start || (version === '2.2' && item.retraction)) continue;
    if (draw(`${seed}|lost|${item.key}`) < loss) {
      if (!item.retraction && !item.foreign) lostItems.push(item);
      continue;
    }
    const held = draw(`${seed}|held|${item.key}`) < 0.1;
    r.actions.push({
      t: item.visibleAt + (held ? HELD_BY : 0),
      order: 0,
      run: () => r.portal.ingest([item], item.visibleAt + (held ? HELD_BY : 0), false),
    });
  }
  return lostItems;
}

/** Checks, each right after the first poll that follows the data it needs; answers which containers stay exact. */
function stageChecks(
  r: JourneyRun,
  containers: string[],
  nextPoll: (t: number) => number,
): Map<string, boolean> {
  const { j, portal, row, end } = r;
  const ok = new Map(containers.map((c) => [c, true]));
  const fail = (container: string, what: string) => {
    ok.set(container, false);
    const key = what.split(':')[0];
    const m = row.mismatches.get(key) ?? { count: 0, example: `journey truth:${r.i} ${container}: ${what}` };
    m.count++;
    row.mismatches.set(key, m);
  };
  for (const container of containers) {
    const list = stages(j, container);
    list.forEach((stage, k) => {
      const t = nextPoll(stage.from + SETTLED);
      const next = list[k + 1]?.from ?? Infinity;
      if (t >= next || t >= end) return;
      r.actions.push({
        t,
        order: 2,
        run: () => {
          if (!ok.get(container)) return;
          const d = deriveShipment(portal.eventsOf(container), ctxFor(j, container, t));
          row.derivations++;
          const want = stage.status === 'completed' ? 'completed' : 'active';
          if (d.columns.status_text !== stage.status)
            fail(container, `status at stage ${k}: got ${d.columns.status_text}, truth ${stage.status}`);
          else if (d.columns.lifecycle_status !== want)
            fail(container, `lifecycle at stage ${k}: got ${d.columns.lifecycle_status}, truth ${want}`);
        },
      });
    });
    r.actions.push({
      t: end,
      order: 2,
      run: () => {
        const complete = checkComplete(j, container, portal.eventsOf(container), end);
        row.derivations++;
        if (!complete.ok) fail(container, complete.what);
      },
    });
  }
  return ok;
}

/** Prediction of the POD arrival (first container; the vessel calls are the booking's): 7, 3 and 1 day before. */
function bandChecks(r: JourneyRun, container: string): void {
  const { j, portal, row } = r;
  const gt = j.truth[container];
  const lastLeg = gt.legs[gt.legs.length - 1];
  const arrival = lastLeg.arrival;
  const pod = j.ports[j.ports.length - 1].locode;
  for (const k of [7, 3, 1]) {
    const t = arrival - k * DAY;
    if (t <= r.start) continue;
    r.actions.push({
      t,
      order: 2,
      run: () => {
        const d = deriveShipment(portal.eventsOf(container), ctxFor(j, container, t));
        row.derivations++;
        if (!d.columns.pod_vessel_arrival_prediction || !d.prediction) return;
        const finalEstimate = j.events.some(
          (s) =>
            s.createdAt <= t &&
            s.event.eventType === 'TRANSPORT' &&
            s.event.transportEventTypeCode === 'ARRI' &&
            s.event.transportCall.UNLocationCode === pod &&
            Date.parse(s.event.eventDateTime) === arrival,
        );
        if (t > lastLeg.departure && !finalEstimate) {
          row.bands.n++;
          const lower = Date.parse(d.prediction.lower);
          const upper = Date.parse(d.prediction.upper);
          if (arrival < lower) row.bands.below++;
          else if (arrival > upper) row.bands.above++;
          else row.bands.covered++;
          row.bands.widthHours += (upper - lower) / HOUR;
        }
      },
    });
  }
}

function runJourney(i: number, version: '2.2' | '3.0', loss: number, row: Row): void {
  const j = generateJourney({ carrierScac: 'MAEU', seed: `truth:${i}`, epoch: EPOCH, disruptions: 'random' });
  const seed = `bench:${i}`;
  const faults: CarrierFaults = {
    latePublication: LATE,
    republication: REPUBLICATION,
    reusedContainers: 0.3,
    withoutLocode: 0.3,
  };
  const feed = carrierFeed(j, faults, seed);
  const portal = new Portal(j.bookingReference, version);
  const own = feed.filter((f) => !f.foreign);
  const start = Math.min(...own.map((f) => f.visibleAt)) - HOUR;
  const end = Math.max(...own.map((f) => f.visibleAt)) + POLL + HOUR;
  const r: JourneyRun = { i, j, feed, portal, row, start, end, actions: [] };

  const lostItems = pushActions(r, seed, version, loss);
  const polls: number[] = [];
  for (let t = start; t <= end; t += POLL) polls.push(t);
  for (const t of polls) r.actions.push({ t, order: 1, run: () => portal.poll(feed, t) });
  const nextPoll = (t: number) => polls.find((p) => p >= t) ?? polls[polls.length - 1];
  const containers = j.containers.map((c) => c.equipmentReference);
  const ok = stageChecks(r, containers, nextPoll);
  bandChecks(r, containers[0]);

  r.actions.sort((a, b) => a.t - b.t || a.order - b.order);
  for (const a of r.actions) a.run();

  for (const c of containers) {
    row.shipments++;
    if (ok.get(c)) row.exact++;
  }
  for (const item of lostItems) {
    row.lost++;
    const got = portal.seen.get(item.key);
    if (got === undefined) row.superseded++;
    else row.delays.push(got - item.visibleAt);
  }
  row.refused += portal.refused;
}

function main() {
  const started = performance.now();
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(2)} %` : 'n/a');
  const nominal = 100 * POD_BAND_NOMINAL_COVERAGE;
  let failed = false;
  console.log(
    `${JOURNEYS} journeys per row; poll every ${POLL / MINUTE} min with an overlap of ${OVERLAP_SECONDS / 3600} h; ` +
      `faults: late publication ${LATE.share * 100} % (up to ${LATE.maxDelayMs / HOUR} h), re-publication ` +
      `${REPUBLICATION.share * 100} % of actuals, re-used containers 30 % of journeys, actual vessel events ` +
      'without UN/LOCODE 30 %, pushes held back 10 %',
  );
  for (const version of VERSIONS) {
    for (const loss of LOSSES) {
      const row: Row = {
        version,
        loss,
        shipments: 0,
        exact: 0,
        lost: 0,
        delays: [],
        superseded: 0,
        refused: 0,
        derivations: 0,
        mismatches: new Map(),
        bands: { n: 0, covered: 0, below: 0, above: 0, widthHours: 0 },
      };
      const t0 = performance.now();
      for (let i = 0; i < JOURNEYS; i++) runJourney(i, version, loss, row);
      const maxDelay = row.delays.length ? Math.max(...row.delays) : 0;
      const meanDelay = row.delays.length ? row.delays.reduce((a, b) => a + b, 0) / row.delays.length : 0;
      const coverage = row.bands.n ? (100 * row.bands.covered) / row.bands.n : NaN;
      const off = Math.abs(coverage - nominal);
      const exactOk = row.exact === row.shipments;
      const delayOk = maxDelay <= POLL;
      const bandOk = off <= BAND_TOLERANCE_POINTS;
      if (!exactOk || !delayOk || !bandOk) failed = true;
      console.log(
        `\nDCSA ${version}, push loss ${(loss * 100).toFixed(0)} % (${((performance.now() - t0) / 1000).toFixed(1)} s, ` +
          `${row.derivations} derivations, ${row.refused} events refused by the validator)`,
      );
      console.log(
        `  exactly equal to the truth after the next poll: ${row.exact}/${row.shipments} = ${pct(row.exact, row.shipments)} ${exactOk ? '✓' : '✗'}`,
      );
      for (const [key, m] of [...row.mismatches.entries()]
        .sort((a, b) => b[1].count - a[1].count)
        .slice(0, 5))
        console.log(`    mismatch ${key} x${m.count}, e.g. ${m.example}`);
      console.log(
        `  lost pushes: ${row.lost}; stored by a poll after ${row.delays.length ? `mean ${(meanDelay / MINUTE).toFixed(0)} min, max ${(maxDelay / MINUTE).toFixed(0)} min` : 'n/a'} ` +
          `(target <= one poll interval, ${POLL / MINUTE} min) ${delayOk ? '✓' : '✗'}` +
          (row.superseded ? `; ${row.superseded} replaced by a newer version before any poll` : ''),
      );
      console.log(
        `  prediction band covers the actual POD arrival in ${row.bands.covered}/${row.bands.n} = ${pct(row.bands.covered, row.bands.n)} ` +
          `(mean width ${(row.bands.widthHours / (row.bands.n || 1)).toFixed(1)} h; below ${pct(row.bands.below, row.bands.n)}, above ${pct(row.bands.above, row.bands.n)}); ` +
          `nominal ${nominal.toFixed(0)} % ± ${BAND_TOLERANCE_POINTS}: ${bandOk ? '✓' : '✗'}`,
      );
    }
  }
  const cpu = process.cpuUsage();
  console.log(
    `\n${((performance.now() - started) / 1000).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU (one core; wall time grows with the machine's load)`,
  );
  if (failed) process.exitCode = 1;
}

main();
