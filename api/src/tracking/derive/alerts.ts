// Alert causes of a shipment (event codes 901-907). Every rule is computed from the events and the
// derived shipment, never from what was stored before, so recomputing from scratch gives the same
// causes; each cause has a stable key, and UNIQUE(shipment_id, code, cause_key) keeps it once.
import { byCreated, normaliseEvents, type Ev } from './events';
import { isVesselCall } from './route';
import {
  ALERT,
  type AlertCause,
  type AlertOptions,
  type DeriveContext,
  type DeriveEvent,
  type DerivedLeg,
  type DerivedShipment,
} from './types';

const DAY = 86_400_000;
const DEFAULT_NO_UPDATE_DAYS = 7;
const DEFAULT_TSP_DWELL_DAYS = 7;
const DEFAULT_ETA_SHIFT_DAYS = 1;
/** A re-planned departure this much later than the first plan, on another vessel or voyage, is a roll-over. */
const ROLL_DELAY_DAYS = 2;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fmtDays = (ms: number) => Math.round((ms / DAY) * 10) / 10;
const vesselText = (v: { name: string; imo: string } | null, voyage: string | null) =>
  v ? `${v.name} (IMO ${v.imo})${voyage ? ` voyage ${voyage}` : ''}` : 'an unknown vessel';

/** 901 rolled over / 904 vessel change on one leg. */
function legAlerts(leg: DerivedLeg, calls: readonly Ev[], now: number): AlertCause[] {
  const causes: AlertCause[] = [];
  const from = leg.from;
  const initial = leg.initialVessel;
  const current = leg.vessel;
  if (!initial || !current) return causes;
  const changedVessel = initial.imo !== current.imo;
  const changedVoyage = !!leg.initialVoyage && !!leg.voyage && leg.initialVoyage !== leg.voyage;
  if (changedVessel) {
    const firstNew = calls
      .filter((e) => (e.locode === from || e.locode === leg.to) && e.vessel?.imo === current.imo)
      .sort(byCreated)[0];
    causes.push({
      code: ALERT.vesselChange,
      causeKey: `${from}>${leg.to}:${initial.imo}>${current.imo}`,
      message: `Vessel change on leg ${leg.n} (${from} to ${leg.to}): ${vesselText(initial, leg.initialVoyage)} replaced by ${vesselText(current, leg.voyage)}`,
      walltime: new Date(firstNew?.created ?? now),
    });
  }
  if (!changedVessel && !changedVoyage) return causes;
  const sameCall = (e: Ev) =>
    e.vessel?.imo === initial.imo && (!leg.initialVoyage || !e.voyage || e.voyage === leg.initialVoyage);
  const leftWithout = calls.find(
    (e) => e.code === 'DEPA' && e.cls === 'ACT' && e.locode === from && sameCall(e),
  );
  const loadedOnIt = calls.some(
    (e) => e.code === 'LOAD' && e.cls === 'ACT' && e.locode === from && sameCall(e),
  );
  const departures = calls.filter((e) => e.code === 'DEPA' && e.locode === from).sort(byCreated);
  // At the moment the carrier first names another vessel for this departure, compare its date with the
  // old vessel's plan just before: a vessel change keeps the schedule (however late the leg already is),
  // a roll moves the container to a departure days later. Later slips of the new vessel are ETA changes.
  const firstOther = departures.find((e) => !sameCall(e));
  const oldPlanBefore = firstOther
    ? departures.filter((e) => e.cls !== 'ACT' && sameCall(e) && e.created <= firstOther.created).at(-1)
    : undefined;
  const replannedLater =
    !!firstOther && !!oldPlanBefore && firstOther.at - oldPlanBefore.at >= ROLL_DELAY_DAYS * DAY;
  const latest = firstOther;
  if ((leftWithout && !loadedOnIt) || replannedLater) {
    causes.push({
      code: ALERT.rolledOver,
      causeKey: `${from}:${initial.imo}/${leg.initialVoyage ?? ''}`,
      message: `Rolled over at ${from}: not loaded on ${vesselText(initial, leg.initialVoyage)}; now on ${vesselText(current, leg.voyage)}`,
      walltime: new Date(leftWithout?.created ?? latest?.created ?? now),
    });
  }
  return causes;
}

/** 902 ETA at POD moved by N days: each estimate compared with the last one that moved it that much. */
function etaAlerts(next: DerivedShipment, calls: readonly Ev[], ctx: AlertOptions): AlertCause[] {
  const causes: AlertCause[] = [];
  const shiftDays = ctx.etaShiftDays ?? DEFAULT_ETA_SHIFT_DAYS;
  const pod = next.route.find((p) => p.role === 'pod')?.locode;
  if (!pod) return causes;
  const plans = calls.filter((e) => e.code === 'ARRI' && e.locode === pod && e.cls !== 'ACT').sort(byCreated);
  const firstPln = plans.find((e) => e.cls === 'PLN') ?? plans[0];
  let reference = firstPln?.at;
  for (const e of plans) {
    if (reference === undefined || e === firstPln) continue;
    const moved = e.at - reference;
    if (Math.abs(moved) >= shiftDays * DAY) {
      causes.push({
        code: ALERT.etaPodChanged,
        causeKey: `eta:${e.eventId}`,
        message: `ETA at POD moved by ${fmtDays(moved)} days (${day(reference)} to ${day(e.at)})`,
        walltime: new Date(e.created),
      });
      reference = e.at;
    }
  }
  return causes;
}

/** 903 transshipment dwell over threshold. */
function dwellAlerts(next: DerivedShipment, ctx: AlertOptions, now: number): AlertCause[] {
  const causes: AlertCause[] = [];
  const c = next.columns;
  const dwellDays = ctx.tspDwellDays ?? DEFAULT_TSP_DWELL_DAYS;
  for (const k of [1, 2, 3, 4] as const) {
    const dwell = c[`days_in_tsp${k}`];
    const port = next.route.find((p) => p.role === `tsp${k}`);
    const arrived = c[`tsp${k}_vessel_arrival_actual`];
    if (dwell === null || !port || !arrived || dwell <= dwellDays) continue;
    causes.push({
      code: ALERT.tspDwell,
      causeKey: `tsp:${port.locode}`,
      message: `Transshipment dwell at ${port.locode} over ${dwellDays} days (${dwell} days)`,
      walltime: new Date(Math.min(now, arrived.getTime() + dwellDays * DAY)),
    });
  }
  return causes;
}

/** 905 port omitted. */
function omittedPortAlerts(next: DerivedShipment, calls: readonly Ev[], now: number): AlertCause[] {
  return next.omittedPorts.map((locode) => {
    const last = calls
      .filter((e) => e.locode === locode)
      .sort(byCreated)
      .at(-1);
    return {
      code: ALERT.portOmitted,
      causeKey: `port:${locode}`,
      message: `Port omitted: ${locode} is no longer called at`,
      walltime: new Date(
        Math.max(last?.created ?? now, ...calls.filter((e) => e.cls === 'ACT').map((e) => e.created)),
      ),
    };
  });
}

/** 906 no carrier update for N days (not once the container is back). */
function silenceAlerts(next: DerivedShipment, ctx: AlertOptions, now: number): AlertCause[] {
  const c = next.columns;
  const silentDays = ctx.noUpdateDays ?? DEFAULT_NO_UPDATE_DAYS;
  const lastUpdate = c.last_update?.getTime();
  const silent =
    lastUpdate !== undefined && c.lifecycle_status !== 'completed' && now - lastUpdate >= silentDays * DAY;
  if (!silent) return [];
  return [
    {
      code: ALERT.noCarrierUpdate,
      causeKey: `since:${new Date(lastUpdate).toISOString()}`,
      message: `No carrier update for ${Math.floor((now - lastUpdate) / DAY)} days (last on ${day(lastUpdate)})`,
      walltime: new Date(lastUpdate + silentDays * DAY),
    },
  ];
}

/** 907 arrival predicted after the contractual ETA (before the arrival). */
function lateArrivalAlerts(next: DerivedShipment, ctx: DeriveContext): AlertCause[] {
  const c = next.columns;
  const contractual = ctx.contractualEtaPod;
  const expected = next.prediction ? new Date(next.prediction.predicted) : c.eta;
  const late = contractual && !c.ata && expected && expected.getTime() > contractual.getTime();
  if (!late) return [];
  return [
    {
      code: ALERT.arrivalAfterContractualEta,
      causeKey: `pod:${contractual.toISOString()}`,
      message: `Arrival at POD predicted on ${day(expected.getTime())}, after the contractual ETA ${day(contractual.getTime())}`,
      walltime: ctx.now,
    },
  ];
}

/**
 * The alert causes of a shipment. `_previous` (the stored columns) is accepted so callers can pass it,
 * but no rule depends on it: see the file header.
 */
export function detectAlerts(
  _previous: Record<string, unknown> | null,
  next: DerivedShipment,
  events: DeriveEvent[],
  ctx: DeriveContext & AlertOptions,
): AlertCause[] {
  const evs = normaliseEvents(events, ctx.containerNumber);
  const now = ctx.now.getTime();
  const calls = evs.filter(isVesselCall);
  return [
    ...next.legs.flatMap((leg) => legAlerts(leg, calls, now)),
    ...etaAlerts(next, calls, ctx),
    ...dwellAlerts(next, ctx, now),
    ...omittedPortAlerts(next, calls, now),
    ...silenceAlerts(next, ctx, now),
    ...lateArrivalAlerts(next, ctx),
  ];
}
