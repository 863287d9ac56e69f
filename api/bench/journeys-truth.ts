// The ground truth side of bench/journeys.bench.ts: the derivation context of a simulated journey, its stages
// (which status holds from when) and the check of a completed container's derivation against the truth.
import { deriveShipment, type DeriveContext, type DeriveEvent } from '../src/tracking/derive';
import type { Journey } from '../src/tracking/simulator/journey';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const at = (ms: number) => new Date(ms).toISOString();

export function ctxFor(j: Journey, container: string, now: number): DeriveContext {
  return {
    containerNumber: container,
    contractualEtaPod: null,
    contractualEtaDlv: null,
    locations: new Map(
      j.ports.map((p, i) => [
        p.locode,
        { id: i + 1, locode: p.locode, latitude: p.lat, longitude: p.lng, timezone: p.timezone },
      ]),
    ),
    vessels: new Map(
      j.legs.flatMap((l, i) => [
        [l.vessel.imo, { id: 100 + i, name: l.vessel.name, imo: l.vessel.imo }],
        [l.initialVessel.imo, { id: 200 + i, name: l.initialVessel.name, imo: l.initialVessel.imo }],
      ]),
    ),
    now: new Date(now),
  };
}

/** The latest non-actual estimate/plan of a vessel call published by `t` (or the first PLN). */
function published(
  j: Journey,
  code: 'DEPA' | 'ARRI',
  locode: string,
  pick: 'first' | 'last',
  t = Infinity,
): string | null {
  const list = j.events
    .filter(
      (s) =>
        s.createdAt <= t &&
        s.event.eventType === 'TRANSPORT' &&
        s.event.transportEventTypeCode === code &&
        s.event.transportCall.UNLocationCode === locode &&
        s.event.eventClassifierCode !== 'ACT',
    )
    .sort((a, b) => a.createdAt - b.createdAt || (a.event.eventID < b.event.eventID ? -1 : 1));
  const e = pick === 'first' ? list.find((s) => s.event.eventClassifierCode === 'PLN') : list.at(-1);
  return e ? at(Date.parse(e.event.eventDateTime)) : null;
}

/** Stages of one container's journey: from when (truth, ms) which status holds. */
export function stages(j: Journey, container: string): Array<{ from: number; status: string }> {
  const gt = j.truth[container];
  const last = gt.legs.length - 1;
  const out = [
    { from: gt.emptyPickup, status: 'land transport to POL' },
    { from: gt.gateInPol, status: 'in POL terminal' },
    { from: gt.legs[0].load, status: 'waiting for departure from POL' },
    { from: gt.legs[0].departure, status: 'ocean transport from POL' },
  ];
  for (let i = 1; i <= last; i++) {
    out.push({ from: gt.legs[i - 1].arrival, status: 'in transshipment' });
    out.push({ from: gt.legs[i].departure, status: 'ocean transport to POD' });
  }
  out.push(
    { from: gt.legs[last].arrival, status: 'waiting for discharge at POD' },
    { from: gt.legs[last].discharge, status: 'in POD terminal' },
    { from: gt.gateOutPod, status: 'land transport to Place of Delivery' },
    { from: gt.delivery, status: 'delivered; returning container' },
    { from: gt.emptyReturn, status: 'completed' },
  );
  return out;
}

type Check = { ok: true } | { ok: false; what: string };

export function checkComplete(j: Journey, container: string, events: DeriveEvent[], now: number): Check {
  const gt = j.truth[container];
  const d = deriveShipment(events, ctxFor(j, container, now));
  const c = d.columns as unknown as Record<string, unknown>;
  const role = (i: number) => (i === 0 ? 'pol' : i === j.ports.length - 1 ? 'pod' : `tsp${i}`);
  const want: Array<[string, unknown, unknown]> = [
    ['empty_pickup_actual', iso(c.empty_pickup_actual as Date), at(gt.emptyPickup)],
    ['pol_arrival_actual', iso(c.pol_arrival_actual as Date), at(gt.gateInPol)],
    ['pod_departure_actual', iso(c.pod_departure_actual as Date), at(gt.gateOutPod)],
    ['delivery_actual', iso(c.delivery_actual as Date), at(gt.delivery)],
    ['empty_return_actual', iso(c.empty_return_actual as Date), at(gt.emptyReturn)],
    ['status_text', c.status_text, 'completed'],
    ['lifecycle_status', c.lifecycle_status, 'completed'],
    ['route', d.route.map((p) => p.locode).join('>'), j.ports.map((p) => p.locode).join('>')],
  ];
  j.legs.forEach((leg, i) => {
    const from = role(i);
    const to = role(i + 1);
    const date = (col: string) => iso(c[col] as Date);
    want.push(
      [`${from}_loaded_actual`, date(`${from}_loaded_actual`), at(gt.legs[i].load)],
      [`${from}_vessel_departure_actual`, date(`${from}_vessel_departure_actual`), at(gt.legs[i].departure)],
      [
        `${from}_vessel_departure_planned_initial`,
        date(`${from}_vessel_departure_planned_initial`),
        at(leg.plannedDeparture),
      ],
      [
        `${from}_vessel_departure_planned_last`,
        date(`${from}_vessel_departure_planned_last`),
        published(j, 'DEPA', leg.from.locode, 'last'),
      ],
      [`${to}_vessel_arrival_actual`, date(`${to}_vessel_arrival_actual`), at(gt.legs[i].arrival)],
      [
        `${to}_vessel_arrival_planned_initial`,
        date(`${to}_vessel_arrival_planned_initial`),
        at(leg.plannedArrival),
      ],
      [
        `${to}_vessel_arrival_planned_last`,
        date(`${to}_vessel_arrival_planned_last`),
        published(j, 'ARRI', leg.to.locode, 'last'),
      ],
      [`${to}_discharge_actual`, date(`${to}_discharge_actual`), at(gt.legs[i].discharge)],
      [`leg${i + 1}_voyage`, c[`leg${i + 1}_voyage`], leg.voyage],
      [`leg${i + 1} vessel`, d.legs[i]?.vessel?.imo ?? null, leg.vessel.imo],
    );
  });
  for (let n = j.legs.length + 1; n <= 5; n++) want.push([`leg${n}_voyage`, c[`leg${n}_voyage`], null]);
  for (const [what, got, expected] of want) {
    if (got !== expected)
      return { ok: false, what: `${what}: got ${String(got)}, truth ${String(expected)}` };
  }
  return { ok: true };
}
