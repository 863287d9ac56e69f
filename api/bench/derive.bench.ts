// Benchmark: time to derive one shipment's full journey (all events of a container with 4
// transshipments, from booking to empty return), median of many runs. `npx tsx api/bench/derive.bench.ts`
import { performance } from 'node:perf_hooks';
import { deriveShipment, detectAlerts, type DeriveContext, type DeriveEvent } from '../src/tracking/derive';
import { generateJourney, type Journey } from '../src/tracking/simulator/journey';

const RUNS = Number(process.env.RUNS ?? 200);
const EPOCH = Date.parse('2025-01-01T00:00:00Z');

function journeyWith(tsp: number): Journey {
  for (let i = 0; ; i++) {
    const j = generateJourney({ carrierScac: 'MAEU', seed: `bench:${i}`, epoch: EPOCH });
    if (j.ports.length - 2 === tsp) return j;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const j = journeyWith(4);
const container = j.containers[0].equipmentReference;
const events: DeriveEvent[] = j.events
  .filter((e) => e.equipmentReference === null || e.equipmentReference === container)
  .map((e, i) => ({ id: String(i + 1), event: e.event }));
const end = Math.max(...j.events.map((e) => e.createdAt)) + 3_600_000;
const sailing = j.truth[container].legs[4].departure + 86_400_000;
const ctx = (now: number): DeriveContext => ({
  containerNumber: container,
  contractualEtaPod: new Date(j.legs[4].plannedArrival),
  contractualEtaDlv: null,
  locations: new Map(
    j.ports.map((p, i) => [
      p.locode,
      { id: i + 1, locode: p.locode, latitude: p.lat, longitude: p.lng, timezone: p.timezone },
    ]),
  ),
  vessels: new Map(
    j.legs.map((l, i) => [l.vessel.imo, { id: i + 1, name: l.vessel.name, imo: l.vessel.imo }]),
  ),
  now: new Date(now),
});

function measure(label: string, now: number, visible: DeriveEvent[]): void {
  const c = ctx(now);
  // Warm-up (sea routes are cached per port pair after the first run).
  for (let i = 0; i < 20; i++) deriveShipment(visible, c);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const d = deriveShipment(visible, c);
    detectAlerts(null, d, visible, c);
    times.push(performance.now() - t0);
  }
  console.log(
    `${label}: ${visible.length} events, median ${median(times).toFixed(3)} ms, p90 ${[...times].sort((a, b) => a - b)[Math.floor(RUNS * 0.9)].toFixed(3)} ms (derive + alerts, ${RUNS} runs)`,
  );
}

const started = performance.now();
measure('full journey (completed, 4 transshipments)', end, events);
const createdBy = new Map(j.events.map((e) => [e.event.eventID, e.createdAt]));
measure(
  'mid-journey (sailing to POD, with prediction)',
  sailing,
  events.filter((e) => (createdBy.get(e.event.eventID) ?? 0) <= sailing),
);
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);
