// GET /api/rejected-events/: superusers only (403 otherwise, whatever the company), every company's
// set-aside events, newest first, 30 a page, filters checked (400 {field: [messages]}).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { readV3 } from '../../src/tracking/dcsa/v3';
import { ingestBatch } from '../../src/tracking/ingest';
import { as, login, seedTenant, startTestApp, type Tenant, type TestContext } from '../helpers/app';
import { equipmentEvent } from './fixtures';

jest.setTimeout(60_000);

let ctx: TestContext;
let tenant: Tenant;
let superToken = '';
let userToken = '';
let carrierId = 0;
let requestId = 0;
let otherRequestId = 0;
const tag = randomBytes(4).toString('hex').toUpperCase();

beforeAll(async () => {
  ctx = await startTestApp();
  tenant = await seedTenant(ctx);
  const db = ctx.handle.db;
  // The superuser belongs to the other company: tenancy does not limit what a superuser sees here.
  await db.updateTable('users').set({ is_superuser: true }).where('id', '=', tenant.outsider.id).execute();
  superToken = await login(ctx.app, tenant.outsider.username, tenant.outsider.password);
  userToken = await login(ctx.app, tenant.standard.username, tenant.standard.password);
  await sql`
    INSERT INTO carriers (official_name, short_name, scac, active) VALUES ('rejected view', 'Rejected view', 'VRJV', false)
    ON CONFLICT (scac) DO NOTHING`.execute(db);
  carrierId = (
    await db.selectFrom('carriers').select('id').where('scac', '=', 'VRJV').executeTakeFirstOrThrow()
  ).id;
  const insert = async (value: string) =>
    (
      await db
        .insertInto('tracking_requests')
        .values({
          company_id: tenant.companyId,
          carrier_id: carrierId,
          code_type: 'c_id',
          code_value: value,
          warnings: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  requestId = await insert('MSKU1234565');
  otherRequestId = await insert('MSKU7654329');
  const now = Date.parse('2024-03-05T00:00:00Z');
  // invalid (bad date-time), irrelevant (another container), clamped (created in 2099), for requestId.
  await ingestBatch(db, {
    carrierId,
    trackingRequestId: requestId,
    source: 'push',
    relevance: true,
    now,
    raw: [
      equipmentEvent({
        eventID: undefined,
        eventDateTime: `2024-03-04T06:00:00+0100`,
        ISOEquipmentCode: tag,
      }),
      equipmentEvent({ equipmentReference: 'TGHU9999992', ISOEquipmentCode: tag.slice(0, 4) }),
      equipmentEvent({ eventCreatedDateTime: '2099-01-01T00:00:00Z' }),
    ],
  });
  // One invalid event for the other request, by poll.
  await ingestBatch(db, {
    carrierId,
    trackingRequestId: otherRequestId,
    source: 'poll',
    relevance: true,
    now,
    raw: [equipmentEvent({ equipmentReference: 'MSKU7654329', eventClassifierCode: 'MAYBE' })],
  });
});
afterAll(async () => {
  await ctx.close();
});

const get = (token: string, query = '') =>
  as(ctx.app, token)({ method: 'GET', url: `/api/rejected-events/?carrier=${carrierId}${query}` });

test('non-superusers get 403, whatever their company; anonymous 401', async () => {
  expect((await get(userToken)).statusCode).toBe(403);
  const limited = await login(ctx.app, tenant.limited.username, tenant.limited.password);
  expect((await get(limited)).statusCode).toBe(403);
  expect((await ctx.app.inject({ method: 'GET', url: '/api/rejected-events/' })).statusCode).toBe(401);
});

test('a superuser sees every kind with its reasons, request, company and payload, newest first', async () => {
  const res = await get(superToken);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.count).toBe(4);
  expect(body.kind_counts).toEqual({
    invalid: 2,
    schema: 0,
    unstorable: 0,
    irrelevant: 1,
    other_shipment: 0,
    clamped: 1,
    retracted: 0,
    retraction_refused: 0,
  });
  expect(body.next).toBeNull();
  const kinds = body.results.map((r: { kind: string }) => r.kind).sort();
  expect(kinds).toEqual(['clamped', 'invalid', 'invalid', 'irrelevant']);
  const times = body.results.map((r: { received_at: string }) => Date.parse(r.received_at));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  const clamped = body.results.find((r: { kind: string }) => r.kind === 'clamped');
  expect(clamped.reasons[0]).toMatch(
    /^\/eventCreatedDateTime: 2099-01-01T00:00:00Z is more than 5 minutes ahead/,
  );
  expect(clamped.tracking_request).toEqual({
    id: requestId,
    code_type: 'c_id',
    code_value: 'MSKU1234565',
    company: { id: tenant.companyId, name: expect.any(String) },
  });
  expect(clamped.carrier).toEqual({ id: carrierId, short_name: 'Rejected view', scac: 'VRJV' });
  expect(clamped.source).toBe('push');
  expect(clamped.event_type).toBe('EQUIPMENT');
  expect(clamped.event_created).toBe('2099-01-01T00:00:00Z');
  expect(JSON.parse(clamped.payload).eventCreatedDateTime).toBe('2099-01-01T00:00:00Z');
  expect(clamped.payload_truncated).toBe(false);
});

test('filters: kind (repeated), tracking request, source, search, received dates', async () => {
  const kinds = (await get(superToken, '&kind=invalid&kind=clamped')).json();
  expect(kinds.count).toBe(3);
  expect(kinds.kind_counts.irrelevant).toBe(1); // counts ignore the kind filter
  const one = (await get(superToken, `&tracking_request=${otherRequestId}`)).json();
  expect(one.count).toBe(1);
  expect(one.results[0].reasons.join(' ')).toContain('eventClassifierCode');
  expect((await get(superToken, '&source=poll')).json().count).toBe(1);
  expect((await get(superToken, `&search=${tag}`)).json().count).toBe(0); // reasons, not payload
  const irrelevant = (await get(superToken, '&search=does not reference')).json();
  expect(irrelevant.count).toBe(1);
  expect(irrelevant.results[0].kind).toBe('irrelevant');
  const today = new Date().toISOString().slice(0, 10);
  expect((await get(superToken, `&received_after=${today}&received_before=${today}`)).json().count).toBe(4);
  expect((await get(superToken, '&received_before=2020-01-01')).json().count).toBe(0);
});

test('bad filters answer 400 {field: [messages]}; a page past the end 404', async () => {
  const bad = await get(
    superToken,
    '&kind=weird&tracking_request=abc&source=mail&received_after=2024-02-30&received_before=yesterday',
  );
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({
    kind: ['Select a valid choice. weird is not one of the available choices.'],
    tracking_request: ['A valid integer is required.'],
    source: ['Select a valid choice. mail is not one of the available choices.'],
    received_after: ['Invalid date'],
    received_before: ['Invalid date'],
  });
  const es = await as(
    ctx.app,
    superToken,
  )({
    method: 'GET',
    url: `/api/rejected-events/?received_after=x`,
    headers: { 'accept-language': 'es' },
  });
  expect(es.json()).toEqual({ received_after: ['Fecha no válida'] });
  const huge = await as(
    ctx.app,
    superToken,
  )({ method: 'GET', url: '/api/rejected-events/?carrier=99999999999' });
  expect(huge.json()).toEqual({ carrier: ['Ensure this value is less than or equal to 2147483647.'] });
  expect((await get(superToken, '&page=2')).statusCode).toBe(404);
  expect((await get(superToken, `&search=${'x'.repeat(101)}`)).statusCode).toBe(400);
});

test('the new kinds of refusal show with their reasons: v3.0 schema, another shipment, a retraction from another subscription', async () => {
  const db = ctx.handle.db;
  await sql`
    INSERT INTO carriers (official_name, short_name, scac, active, dcsa_api_version)
    VALUES ('rejected view v3', 'Rejected view v3', 'VRJX', false, '3.0.0') ON CONFLICT (scac) DO NOTHING`.execute(
    db,
  );
  const v3Carrier = (
    await db.selectFrom('carriers').select('id').where('scac', '=', 'VRJX').executeTakeFirstOrThrow()
  ).id;
  const request = async (company: number, codeType: 'b_id' | 'c_id', value: string) =>
    (
      await db
        .insertInto('tracking_requests')
        .values({
          company_id: company,
          carrier_id: v3Carrier,
          code_type: codeType,
          code_value: value,
          warnings: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const booking = `BKG${tag}`;
  const mine = await request(tenant.companyId, 'b_id', booking);
  const theirs = await request(tenant.otherCompanyId, 'c_id', 'MSKU7654329');
  const equipment = (reference: string, container: string) => ({
    eventID: `evt-${reference}-${container}`,
    eventDateTime: '2024-03-01T09:30:00Z',
    eventUpdatedDateTime: '2024-03-01T11:00:00Z',
    eventClassification: {
      eventTypeCode: 'EQUIPMENT',
      eventClassifierCode: 'ACT',
      equipmentEventTypeCode: 'GTIN',
    },
    shipmentDetails: { documentReference: { typeCode: 'BKG', reference } },
    equipmentDetails: { equipmentReference: container, emptyIndicatorCode: 'LADEN' },
  });
  const read = (raw: unknown) => {
    const r = readV3(raw);
    if (r.kind !== 'event') throw new Error('fixture');
    return r.event;
  };
  const bad = { ...equipment(booking, 'MSKU1234565'), eventClassification: { eventTypeCode: 'EQUIPMENT' } };
  const refused = readV3(bad);
  if (refused.kind !== 'rejected') throw new Error('fixture');
  await ingestBatch(db, {
    carrierId: v3Carrier,
    trackingRequestId: mine,
    source: 'poll',
    relevance: true,
    events: [read(equipment(booking, 'MSKU1234565')), read(equipment(`OTHER${tag}`, 'MSKU1234565'))],
    rejected: [{ raw: bad, reasons: refused.reasons, kind: refused.setAside }],
  });
  const foreignEvent = equipment(`THEIRS${tag}`, 'MSKU7654329');
  await ingestBatch(db, {
    carrierId: v3Carrier,
    trackingRequestId: theirs,
    source: 'poll',
    relevance: true,
    events: [read(foreignEvent)],
  });
  await ingestBatch(db, {
    carrierId: v3Carrier,
    trackingRequestId: mine,
    source: 'push',
    retractions: [{ eventID: foreignEvent.eventID, retractedAt: '2024-03-02T00:00:00Z' }],
  });

  const answer = (
    await as(ctx.app, superToken)({ method: 'GET', url: `/api/rejected-events/?carrier=${v3Carrier}` })
  ).json();
  expect(answer.kind_counts).toMatchObject({ schema: 1, other_shipment: 1, retraction_refused: 1 });
  const byKind = Object.fromEntries(
    answer.results.map((r: { kind: string; reasons: string[] }) => [r.kind, r.reasons]),
  );
  expect(byKind.schema).toEqual([
    '/eventClassification/eventClassifierCode: is required by the portal',
    '/eventClassification/equipmentEventTypeCode: is required by the portal',
  ]);
  expect(byKind.other_shipment[0]).toContain(`names BKG OTHER${tag}, not the requested booking ${booking}`);
  expect(byKind.retraction_refused[0]).toContain(
    `the retraction of ${foreignEvent.eventID} (2024-03-02T00:00:00.000Z) is refused`,
  );
});
