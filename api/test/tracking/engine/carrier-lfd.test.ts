// A last free day the carrier sends itself (the portal's `lastFreeDays` extension, docs/adr/0011) goes from the
// simulator through polling, ingestion and derivation into shipments.carrier_demurrage_lfd /
// carrier_detention_lfd, in DCSA v2.2 and v3.0; a later one moves it; a bad one is set aside in rejected_events
// and changes nothing.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ingestBatch } from '../../../src/tracking/ingest';
import { lastFreeDay } from '../../../src/tracking/simulator/journey-dwell';
import type { Journey } from '../../../src/tracking/simulator/journey';
import { startHarness, uniqueContainer, type Harness } from './helpers';

jest.setTimeout(300_000);

const HOUR = 3_600_000;
const FREE = { demurrage: 6, detention: 9 };
let h: Harness;
beforeAll(async () => {
  // MAEU sends its own last free days (CARRIER_FREE_DAYS); VFTL is this file's v3.0 carrier, told to send them.
  h = await startHarness({ sim: { carriers: { VFTL: { freeDays: FREE } } } });
  await sql`
    INSERT INTO carriers (official_name, short_name, scac, supports_b_id, supports_c_id, supports_m_bl, dcsa_api_version, active)
    VALUES ('v3 free time line', 'v3 FT', 'VFTL', true, true, true, '3.0.0', false)
    ON CONFLICT (scac) DO NOTHING`.execute(h.ctx.handle.db);
});
afterAll(async () => {
  await h?.close();
});

async function lfds(requestId: number) {
  const { rows } = await sql<{ dem: string | null; det: string | null }>`
    SELECT to_char(carrier_demurrage_lfd, 'YYYY-MM-DD') AS dem, to_char(carrier_detention_lfd, 'YYYY-MM-DD') AS det
    FROM shipments WHERE tracking_request_id = ${requestId}`.execute(h.ctx.handle.db);
  return rows;
}

/** The container's published equipment event of this code (the POD discharge: the last DISC). */
function published(journey: Journey, ref: string, code: 'DISC' | 'GTOT', laden = true) {
  const found = journey.events
    .filter((e) => e.equipmentReference === ref)
    .map((e) => e.event)
    .filter(
      (e) =>
        e.eventType === 'EQUIPMENT' &&
        e.equipmentEventTypeCode === code &&
        (e.emptyIndicatorCode === 'LADEN') === laden,
    );
  return found[found.length - 1];
}

test.each([
  ['2.2', 'MAEU', { demurrage: 4, detention: 7 }],
  ['3.0', 'VFTL', FREE],
])('DCSA %s: the carrier’s last free days reach the shipment', async (_version, scac, free) => {
  const ref = uniqueContainer('MSK');
  const journey = h.sim.journeyFor(scac, 'c_id', ref)!;
  const gt = journey.truth[ref];
  const disc = published(journey, ref, 'DISC');
  const gateOut = published(journey, ref, 'GTOT');
  const demurrage = lastFreeDay(disc.eventDateTime, free.demurrage);
  const detention = lastFreeDay(gateOut.eventDateTime, free.detention);

  h.clock.now = journey.events[0].createdAt + HOUR;
  const id = await h.createRequest(scac, 'c_id', ref);
  await h.settle();
  h.clock.now = gt.legs[gt.legs.length - 1].discharge - HOUR;
  await h.settle();
  expect(await lfds(id)).toEqual([{ dem: null, det: null }]);

  h.clock.now = gt.legs[gt.legs.length - 1].discharge + 5 * HOUR;
  await h.settle();
  expect(await lfds(id)).toEqual([{ dem: demurrage, det: null }]);

  h.clock.now = gt.gateOutPod + 5 * HOUR;
  await h.settle();
  expect(await lfds(id)).toEqual([{ dem: demurrage, det: detention }]);

  // The free-time clocks take the carrier's dates even though no rule of the tenant fits.
  const { rows } = await sql<{ dem: string | null; det: string | null; source: string | null }>`
    SELECT f.free_time->'demurrage'->>'lfd' AS dem, f.free_time->'detention'->>'lfd' AS det,
      f.free_time->'demurrage'->>'lfd_source' AS source
    FROM shipments s LEFT JOIN shipment_free_time f ON f.shipment_id = s.id
    WHERE s.tracking_request_id = ${id}`.execute(h.ctx.handle.db);
  expect(rows).toEqual([{ dem: demurrage, det: detention, source: 'carrier' }]);
});

describe('a last free day sent later, or broken', () => {
  let id: number;
  let ref: string;
  let template: Record<string, unknown>;
  let demurrage: string;
  const db = () => h.ctx.handle.db;
  const carrierId = async () =>
    (await db().selectFrom('carriers').select('id').where('scac', '=', 'MAEU').executeTakeFirstOrThrow()).id;
  /** A new equipment event of the container, published an hour after the last one, with these last free days. */
  const later = (lastFreeDays: unknown) => ({
    ...template,
    eventID: randomUUID(),
    eventCreatedDateTime: new Date(h.clock.now - HOUR).toISOString().replace(/\.\d+Z$/, 'Z'),
    lastFreeDays,
  });

  beforeAll(async () => {
    ref = uniqueContainer('MSK');
    const journey = h.sim.journeyFor('MAEU', 'c_id', ref)!;
    const gt = journey.truth[ref];
    const disc = published(journey, ref, 'DISC');
    template = { ...disc };
    demurrage = lastFreeDay(disc.eventDateTime, 4);
    h.clock.now = journey.events[0].createdAt + HOUR;
    id = await h.createRequest('MAEU', 'c_id', ref);
    await h.settle();
    h.clock.now = gt.legs[gt.legs.length - 1].discharge + 6 * HOUR;
    await h.settle();
    expect(await lfds(id)).toEqual([{ dem: demurrage, det: null }]);
  });

  it('moves the column (the latest published wins)', async () => {
    const moved = new Date(Date.parse(`${demurrage}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    const result = await ingestBatch(db(), {
      carrierId: await carrierId(),
      trackingRequestId: id,
      source: 'push',
      raw: [later([{ typeCode: 'DEM', date: moved }])],
      now: h.clock.now,
    });
    expect(result).toMatchObject({ inserted: 1, rejected: 0 });
    await h.settle();
    expect(await lfds(id)).toEqual([{ dem: moved, det: null }]);
    demurrage = moved;
  });

  it.each([
    [
      [{ typeCode: 'DEM', date: '2025-02-30' }],
      '/lastFreeDays/0/date: must be a calendar date YYYY-MM-DD (got "2025-02-30")',
    ],
    [
      [{ typeCode: 'DEM', date: '14/03/2025' }],
      '/lastFreeDays/0/date: must be a calendar date YYYY-MM-DD (got "14/03/2025")',
    ],
    [
      [{ typeCode: 'DEM', date: '2031-01-01' }],
      '/lastFreeDays/0/date: must be within 366 days of the eventDateTime (got "2031-01-01")',
    ],
    [
      [{ typeCode: 'FREE', date: '2025-01-10' }],
      '/lastFreeDays/0/typeCode: must be one of DEM, DET (got "FREE")',
    ],
    ['2025-01-10', '/lastFreeDays: must be a list of 1 or 2 last free days {typeCode, date}'],
  ])('sets aside %j and keeps the column', async (lastFreeDays, reason) => {
    const bad = later(lastFreeDays);
    const result = await ingestBatch(db(), {
      carrierId: await carrierId(),
      trackingRequestId: id,
      source: 'push',
      raw: [bad],
      now: h.clock.now,
    });
    expect(result).toMatchObject({ inserted: 0, rejected: 1 });
    const rejected = await db()
      .selectFrom('rejected_events')
      .select(['kind', 'reasons'])
      .where('tracking_request_id', '=', id)
      .where(sql<boolean>`raw->>'eventID' = ${bad.eventID as string}`)
      .executeTakeFirstOrThrow();
    expect(rejected.kind).toBe('invalid');
    expect(rejected.reasons).toContain(reason);
    const stored = await db()
      .selectFrom('carrier_events')
      .select('id')
      .where('event_id', '=', bad.eventID as string)
      .execute();
    expect(stored).toEqual([]);
    await h.settle();
    expect(await lfds(id)).toEqual([{ dem: demurrage, det: null }]);
  });
});
