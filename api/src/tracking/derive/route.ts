// The route of a shipment from its vessel calls: the ordered ports (POL, TSP1-4, POD) with omitted
// ports taken out, and the legs between them with their current and initially planned vessel/voyage.
import { byCreated, type Ev } from './events';

export interface RoutePlan {
  /** Locodes in order: POL, transshipments, POD. */
  ports: string[];
  omitted: string[];
  legs: Array<{
    from: string;
    to: string;
    vessel: { imo: string; name: string | null } | null;
    voyage: string | null;
    initialVessel: { imo: string; name: string | null } | null;
    initialVoyage: string | null;
  }>;
  /** A single known port that only has arrival-side events is the POD, not the POL. */
  singlePortIsPod: boolean;
}

const SEA_MODES = new Set(['VESSEL', 'BARGE']);
const HOUR = 3_600_000;
const OMIT_REMARK = /omit/i;

/** Whether the event is a vessel call (vessel arrival/departure, or a load/discharge at a port). */
export function isVesselCall(e: Ev): boolean {
  if (!e.locode) return false;
  if (e.type === 'TRANSPORT') return e.mode === null || SEA_MODES.has(e.mode);
  if (e.type === 'EQUIPMENT') return (e.code === 'LOAD' || e.code === 'DISC') && !e.empty;
  return false;
}

/** The value a group of events gives today: the latest actual, else the latest published plan. */
export function bestTime(events: readonly Ev[]): number | null {
  let act: Ev | null = null;
  let plan: Ev | null = null;
  for (const e of events) {
    if (e.cls === 'ACT') {
      if (!act || byCreated(act, e) < 0) act = e;
    } else if (!plan || byCreated(plan, e) < 0) plan = e;
  }
  return (act ?? plan)?.at ?? null;
}

export function buildRoute(events: readonly Ev[]): RoutePlan {
  const calls = events.filter(isVesselCall);
  const byPort = new Map<string, Ev[]>();
  for (const e of calls) {
    const list = byPort.get(e.locode as string) ?? [];
    list.push(e);
    byPort.set(e.locode as string, list);
  }
  const portTime = new Map<string, number>();
  for (const [locode, list] of byPort) {
    // The earliest of the port's milestones as known today orders the ports.
    const groups = new Map<string, Ev[]>();
    for (const e of list) groups.set(e.code, [...(groups.get(e.code) ?? []), e]);
    let t = Infinity;
    for (const g of groups.values()) t = Math.min(t, bestTime(g) ?? Infinity);
    portTime.set(locode, t);
  }
  let ordered = [...byPort.keys()].sort(
    (a, b) => (portTime.get(a) ?? 0) - (portTime.get(b) ?? 0) || (a < b ? -1 : 1),
  );

  // Omitted: a middle port with no actual of its own that the carrier says is omitted, or that the
  // vessel has already passed (an actual arrival/discharge at another port, later than its plan).
  const omitted: string[] = [];
  const actualArrivals = calls.filter((e) => e.cls === 'ACT' && (e.code === 'ARRI' || e.code === 'DISC'));
  for (let i = 1; i < ordered.length - 1; i++) {
    const locode = ordered[i];
    const list = byPort.get(locode) ?? [];
    if (list.some((e) => e.cls === 'ACT')) continue;
    const latest = [...list].sort(byCreated).at(-1);
    const remarked = latest?.remark ? OMIT_REMARK.test(latest.remark) : false;
    const t = portTime.get(locode) ?? Infinity;
    const passed = actualArrivals.some((e) => e.locode !== locode && e.at > t + HOUR);
    if (remarked || passed) omitted.push(locode);
  }
  ordered = ordered.filter((p) => !omitted.includes(p));
  // At most POL + 4 transshipments + POD.
  if (ordered.length > 6) ordered = [...ordered.slice(0, 5), ordered[ordered.length - 1]];

  const legs: RoutePlan['legs'] = [];
  for (let i = 0; i + 1 < ordered.length; i++) {
    const from = ordered[i];
    const to = ordered[i + 1];
    const side = (byPort.get(from) ?? [])
      .filter((e) => e.code === 'DEPA' || e.code === 'LOAD')
      .concat((byPort.get(to) ?? []).filter((e) => e.code === 'ARRI' || e.code === 'DISC'))
      .filter((e) => e.vessel)
      .sort(byCreated);
    // The container's own load is the truth; else the latest plan; else the latest of anything.
    const load = side.filter((e) => e.code === 'LOAD' && e.cls === 'ACT' && e.locode === from).at(-1);
    const plan = side.filter((e) => e.cls !== 'ACT').at(-1);
    const current = load ?? plan ?? side.at(-1) ?? null;
    const first = side.find((e) => e.cls === 'PLN') ?? side[0] ?? null;
    legs.push({
      from,
      to,
      vessel: current?.vessel ?? null,
      voyage: current?.voyage ?? null,
      initialVessel: first?.vessel ?? null,
      initialVoyage: first?.voyage ?? null,
    });
  }
  const only = ordered.length === 1 ? (byPort.get(ordered[0]) ?? []) : [];
  const singlePortIsPod = only.length > 0 && only.every((e) => e.code === 'ARRI' || e.code === 'DISC');
  return { ports: ordered, omitted, legs, singlePortIsPod };
}
