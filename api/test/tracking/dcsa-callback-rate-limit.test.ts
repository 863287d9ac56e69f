// The DCSA push callback's rate limit (@fastify/rate-limit): per subscription and client address,
// counted before the body is read or the database touched; 429 with Retry-After beyond it.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { notificationSignature } from '../../src/tracking/simulator/server';
import { startTestApp, type TestContext, carrierId as carrierIdOf } from '../helpers/app';
import { equipmentEvent } from './fixtures';

jest.setTimeout(60_000);

let ctx: TestContext;
let carrierId = 0;

beforeAll(async () => {
  // Read when the routes are registered.
  process.env.DCSA_CALLBACK_RATE_LIMIT_MAX = '3';
  process.env.DCSA_CALLBACK_RATE_LIMIT_WINDOW_MS = '60000';
  ctx = await startTestApp();
  delete process.env.DCSA_CALLBACK_RATE_LIMIT_MAX;
  delete process.env.DCSA_CALLBACK_RATE_LIMIT_WINDOW_MS;
  await sql`
    INSERT INTO carriers (official_name, short_name, scac, dcsa_api_version, active)
    VALUES ('rate limit', 'rate limit', 'VRTL', '3.0.0', false) ON CONFLICT (scac) DO NOTHING`.execute(
    ctx.handle.db,
  );
  carrierId = await carrierIdOf(ctx, 'VRTL');
});
afterAll(async () => {
  await ctx.close();
});

async function subscription() {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64');
  await ctx.handle.db
    .insertInto('dcsa_subscriptions')
    .values({ id, carrier_id: carrierId, secret, callback_url: `http://127.0.0.1/api/dcsa/callback/${id}/` })
    .execute();
  return { id, secret };
}

const push = (sub: { id: string; secret: string }, events: unknown[], remoteAddress = '127.0.0.1') => {
  const body = JSON.stringify(events);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/dcsa/callback/${sub.id}/`,
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      'notification-signature': notificationSignature(sub.secret, body),
    },
    payload: body,
  });
};

test('a subscription gets 3 deliveries a minute from one address; the 4th is refused with 429 and not stored', async () => {
  const a = await subscription();
  const b = await subscription();
  for (let i = 0; i < 3; i++) expect((await push(a, [])).statusCode).toBe(204);
  const event = equipmentEvent({ eventCreatedDateTime: '2024-03-01T11:00:00Z' });
  const limited = await push(a, [event]);
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  // The standard's error shape (DCSA T&T v2.2 `error`), not the portal's {detail}.
  const message = `Too many notifications for this subscription. Retry later. (Retry-After: ${limited.headers['retry-after']} s)`;
  expect(limited.json()).toEqual({
    httpMethod: 'POST',
    requestUri: `/api/dcsa/callback/${a.id}/`,
    statusCode: 429,
    statusCodeText: 'Too Many Requests',
    errorDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
    errors: [{ reason: 'rateLimitExceeded', message }],
  });
  const stored = await ctx.handle.db
    .selectFrom('carrier_events')
    .select('id')
    .where('carrier_id', '=', carrierId)
    .where('event_id', '=', event.eventID as string)
    .execute();
  expect(stored).toEqual([]);
  // The v3 endpoint of the same subscription shares the count.
  const v3 = await ctx.app.inject({
    method: 'POST',
    url: `/api/dcsa/callback/${a.id}/v3/events`,
    headers: { 'content-type': 'application/json' },
    payload: '{"events": []}',
  });
  expect(v3.statusCode).toBe(429);
  // v3.0: PostEventsError.
  expect(v3.json()).toEqual({
    feedbackElements: [
      {
        severity: 'ERROR',
        message: `Too many notifications for this subscription. Retry later. (Retry-After: ${v3.headers['retry-after']} s)`,
      },
    ],
  });

  // Another subscription, or the same one from another address, has its own count.
  expect((await push(b, [])).statusCode).toBe(204);
  const other = await push(a, [event], '10.1.2.3');
  expect(other.statusCode).toBe(204);
  expect(
    await ctx.handle.db
      .selectFrom('carrier_events')
      .select('id')
      .where('carrier_id', '=', carrierId)
      .where('event_id', '=', event.eventID as string)
      .execute(),
  ).toHaveLength(1);
});

test('unknown subscriptions and bad signatures are counted too (no database work beyond the limit)', async () => {
  const ghost = { id: randomUUID(), secret: randomBytes(32).toString('base64') };
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await push(ghost, [], '10.9.9.9')).statusCode);
  expect(statuses).toEqual([404, 404, 404, 429, 429]);
});
