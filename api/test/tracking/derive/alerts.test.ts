// detectAlerts: rolled container, vessel change, ETA shift, transshipment dwell, omitted port, carrier
// silence and late arrival, each once per cause with a stable key, on simulator journeys.
import { ALERT, deriveShipment, detectAlerts, type AlertCause } from '../../../src/tracking/derive';
import type { DcsaEvent, DcsaTransportCall } from '../../../src/tracking/dcsa/types';
import type { Journey, SimEvent } from '../../../src/tracking/simulator/journey';
import { containerOf, ctxFor, END, eventsAt, journeyWhere, journeyWithTsp, shuffled } from './helpers';

// Journeys call searoute-js for every new port pair: slow on a busy machine.
jest.setTimeout(60_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function alerts(j: Journey, now: number, over: Parameters<typeof ctxFor>[2] = {}, opts = {}): AlertCause[] {
  const events = eventsAt(j, now);
  const ctx = { ...ctxFor(j, now, over), ...opts };
  return detectAlerts(null, deriveShipment(events, ctx), events, ctx);
}
const codes = (list: AlertCause[]) => list.map((a) => a.code);
const utc = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A copy of the journey whose events go through `edit` (return null to drop one). */
function edited(j: Journey, edit: (e: SimEvent) => SimEvent | null, extra: SimEvent[] = []): Journey {
  const events = j.events.map(edit).filter((e): e is SimEvent => e !== null);
  return { ...j, events: [...events, ...extra].sort((a, b) => a.createdAt - b.createdAt) };
}

const callOf = (e: DcsaEvent): DcsaTransportCall | undefined =>
  e.eventType === 'SHIPMENT' ? undefined : e.transportCall;

describe('detectAlerts', () => {
  it('raises nothing about vessels or ports on an undisturbed journey', () => {
    for (const tsp of [0, 2, 4]) {
      const j = journeyWithTsp(tsp);
      const found = codes(alerts(j, END(j)));
      expect(found).not.toContain(ALERT.rolledOver);
      expect(found).not.toContain(ALERT.vesselChange);
      expect(found).not.toContain(ALERT.portOmitted);
      expect(found).not.toContain(ALERT.noCarrierUpdate);
    }
  });

  it('sees a container rolled over to another vessel (and the vessel change)', () => {
    const j = journeyWithTsp(1);
    const old = j.legs[0];
    const fresh = { vesselIMONumber: '9999998', vesselName: 'MAERSK NEWCOMER' };
    // Every estimate and actual of leg 1 now names the new vessel and voyage; the old vessel left the POL
    // a day before its plan, without the container.
    const rolled = edited(
      j,
      (s) => {
        const call = callOf(s.event);
        if (
          !call?.vessel ||
          call.vessel.vesselIMONumber !== old.vessel.imo ||
          s.event.eventClassifierCode === 'PLN'
        )
          return s;
        const transportCall = {
          ...call,
          vessel: fresh,
          exportVoyageNumber: '999W',
          importVoyageNumber: '999W',
        };
        return { ...s, event: { ...s.event, transportCall } as DcsaEvent };
      },
      [
        {
          createdAt: old.plannedDeparture - DAY + 2 * HOUR,
          equipmentReference: null,
          event: {
            eventID: 'old-vessel-left',
            eventType: 'TRANSPORT',
            eventCreatedDateTime: utc(old.plannedDeparture - DAY + 2 * HOUR),
            eventDateTime: utc(old.plannedDeparture - DAY),
            eventClassifierCode: 'ACT',
            transportEventTypeCode: 'DEPA',
            transportCall: {
              transportCallID: 'old-call',
              exportVoyageNumber: old.voyage,
              UNLocationCode: old.from.locode,
              modeOfTransport: 'VESSEL',
              vessel: { vesselIMONumber: old.vessel.imo, vesselName: old.vessel.name },
            },
          },
        },
      ],
    );
    const events = eventsAt(rolled);
    const ctx = ctxFor(rolled, END(rolled));
    const d = deriveShipment(events, ctx);
    expect(d.legs[0].vessel).toEqual({ imo: '9999998', name: 'MAERSK NEWCOMER' });
    expect(d.legs[0].voyage).toBe('999W');
    expect(d.legs[0].initialVessel?.imo).toBe(old.vessel.imo);
    // The old vessel's departure is not the container's.
    expect(d.columns.pol_vessel_departure_actual).toEqual(
      new Date(rolled.truth[containerOf(j)].legs[0].departure),
    );
    expect(d.vessels.map((v) => v.imo)).toContain('9999998');

    const found = detectAlerts(null, d, events, ctx);
    const roll = found.find((a) => a.code === ALERT.rolledOver);
    expect(roll).toMatchObject({ causeKey: `${old.from.locode}:${old.vessel.imo}/${old.voyage}` });
    expect(roll?.message).toContain('Rolled over at');
    const change = found.find((a) => a.code === ALERT.vesselChange);
    expect(change?.causeKey).toBe(`${old.from.locode}>${old.to.locode}:${old.vessel.imo}>9999998`);
    // Once per cause: the same keys again, whatever the order of the events.
    const again = detectAlerts(d.columns, d, shuffled(events, 5), ctx);
    expect(again.map((a) => [a.code, a.causeKey])).toEqual(found.map((a) => [a.code, a.causeKey]));
  });

  it('reports each move of the ETA at POD of at least N days, once per estimate', () => {
    const j = journeyWhere((x) => {
      const last = x.legs[x.legs.length - 1];
      return last.actualArrival - last.plannedArrival >= 3 * DAY;
    });
    const found = alerts(j, END(j)).filter((a) => a.code === ALERT.etaPodChanged);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0].message).toMatch(/^ETA at POD moved by \d+(\.\d)? days/);
    expect(new Set(found.map((a) => a.causeKey)).size).toBe(found.length);
    // A bigger threshold than the whole delay gives no alert.
    expect(alerts(j, END(j), {}, { etaShiftDays: 30 }).some((a) => a.code === ALERT.etaPodChanged)).toBe(
      false,
    );
    // Later derivations keep the earlier causes with the same keys.
    const later = alerts(j, END(j) + 5 * DAY).filter((a) => a.code === ALERT.etaPodChanged);
    expect(later.map((a) => a.causeKey)).toEqual(found.map((a) => a.causeKey));
  });

  it('reports a transshipment dwell over the threshold', () => {
    const j = journeyWithTsp(2);
    const found = alerts(j, END(j), {}, { tspDwellDays: 0.5 }).filter((a) => a.code === ALERT.tspDwell);
    expect(found.map((a) => a.causeKey)).toEqual([`tsp:${j.ports[1].locode}`, `tsp:${j.ports[2].locode}`]);
    expect(alerts(j, END(j), {}, { tspDwellDays: 60 }).some((a) => a.code === ALERT.tspDwell)).toBe(false);
  });

  it('sees a port omitted when the vessel went on without calling', () => {
    const j = journeyWithTsp(2);
    const skipped = j.ports[1].locode;
    const omitted = edited(j, (s) =>
      s.event.eventClassifierCode === 'ACT' && callOf(s.event)?.UNLocationCode === skipped ? null : s,
    );
    const events = eventsAt(omitted);
    const ctx = ctxFor(omitted, END(omitted));
    const d = deriveShipment(events, ctx);
    expect(d.omittedPorts).toEqual([skipped]);
    expect(d.route.map((p) => p.locode)).toEqual([j.ports[0].locode, j.ports[2].locode, j.ports[3].locode]);
    expect(d.columns.tsp1_loc_id).toBe(3);
    expect(d.columns.tsp2_loc_id).toBeNull();
    const found = detectAlerts(null, d, events, ctx).filter((a) => a.code === ALERT.portOmitted);
    expect(found.map((a) => a.causeKey)).toEqual([`port:${skipped}`]);
    // Before the vessel passed it, the port is still a transshipment.
    const t = j.truth[containerOf(j)].legs[0].departure + 4 * HOUR;
    expect(deriveShipment(eventsAt(omitted, t), ctxFor(omitted, t)).omittedPorts).toEqual([]);
  });

  it('reports carrier silence once per silent period, and not after completion', () => {
    const j = journeyWithTsp(1);
    const t = j.truth[containerOf(j)].legs[0].departure + 4 * HOUR;
    const events = eventsAt(j, t);
    const lastCreated = Math.max(...events.map((e) => Date.parse(e.event.eventCreatedDateTime)));
    const silent = (now: number) => {
      const ctx = ctxFor(j, now);
      return detectAlerts(null, deriveShipment(events, ctx), events, ctx).filter(
        (a) => a.code === ALERT.noCarrierUpdate,
      );
    };
    expect(silent(lastCreated + 3 * DAY)).toEqual([]);
    const found = silent(lastCreated + 10 * DAY);
    expect(found).toHaveLength(1);
    expect(found[0].causeKey).toBe(`since:${new Date(lastCreated).toISOString()}`);
    expect(found[0].message).toBe(
      `No carrier update for 10 days (last on ${new Date(lastCreated).toISOString().slice(0, 10)})`,
    );
    expect(silent(lastCreated + 12 * DAY)[0].causeKey).toBe(found[0].causeKey);
    expect(codes(alerts(j, END(j) + 30 * DAY))).not.toContain(ALERT.noCarrierUpdate);
  });

  it('reports an arrival predicted after the contractual ETA, before the arrival only', () => {
    const j = journeyWithTsp(0);
    const leg = j.truth[containerOf(j)].legs[0];
    const t = leg.departure + DAY;
    const early = new Date(leg.arrival - 6 * DAY);
    const found = alerts(j, t, { contractualEtaPod: early }).filter(
      (a) => a.code === ALERT.arrivalAfterContractualEta,
    );
    expect(found).toHaveLength(1);
    expect(found[0].causeKey).toBe(`pod:${early.toISOString()}`);
    const late = new Date(leg.arrival + 20 * DAY);
    expect(codes(alerts(j, t, { contractualEtaPod: late }))).not.toContain(ALERT.arrivalAfterContractualEta);
    expect(codes(alerts(j, END(j), { contractualEtaPod: early }))).not.toContain(
      ALERT.arrivalAfterContractualEta,
    );
  });
});
