// The webhook log cleanup (services/webhooks/cleanup.ts): delivered rows older than the retention go with their
// attempts and the events left without deliveries; failed, pending and recent rows stay; a run is bounded; the
// delivery worker runs it.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { cleanupWebhookLog } from '../../src/services/webhooks/cleanup';
import { startWebhookWorker } from '../../src/services/webhooks/worker';
import { seedTenant, startTestApp, type TestContext } from '../helpers/app';

jest.setTimeout(60_000);

let ctx: TestContext;
let endpointId: number;
let companyId: number;

// Ages here stay under the default 30 days, so the workers of other test files (default retention) never take
// these rows away while this file looks at them.

type Status = 'succeeded' | 'failed' | 'pending';

/** One event `daysAgo` days old with one delivery of `status` (delivered then, when succeeded) and an attempt. */
async function delivery(status: Status, daysAgo: number) {
  // One transaction: a worker cleaning meanwhile sees all of it or none of it.
  return ctx.handle.db.transaction().execute(async (db) => {
    const at = sql<Date>`now() - make_interval(days => ${daysAgo})`;
    const event = await db
      .insertInto('webhook_events')
      .values({ company_id: companyId, type: 'alert.raised', data: '{}', occurred_at: at })
      .returning(['id', 'seq'])
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpointId,
        event_id: event.id,
        seq: event.seq,
        chain: 'request:0',
        status,
        attempts: 1,
        enqueued: true,
        created_at: at,
        delivered_at: status === 'succeeded' ? at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('webhook_attempts').values({ delivery_id: row.id, attempted_at: at }).execute();
    return { eventId: event.id, deliveryId: String(row.id) };
  });
}

const exists = async (table: 'webhook_deliveries' | 'webhook_events', id: string) =>
  (await ctx.handle.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

const attemptsOf = async (deliveryId: string) =>
  (
    await ctx.handle.db
      .selectFrom('webhook_attempts')
      .select('id')
      .where('delivery_id', '=', deliveryId)
      .execute()
  ).length;

beforeAll(async () => {
  ctx = await startTestApp();
  const t = await seedTenant(ctx);
  companyId = t.companyId;
  // Disabled: nothing here is ever sent (the worker started below only cleans).
  endpointId = (
    await ctx.handle.db
      .insertInto('webhook_endpoints')
      .values({
        company_id: companyId,
        url: 'https://example.com/hook',
        events: ['alert.raised'],
        secret: 'whsec_cleanup_test_secret_0123456789',
        enabled: false,
        disabled_reason: 'manual',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await ctx.close();
});

describe('cleanupWebhookLog', () => {
  it('deletes old delivered rows with their attempts and events; keeps failed, pending and recent ones', async () => {
    const oldDelivered = await delivery('succeeded', 21);
    const recentDelivered = await delivery('succeeded', 19);
    const oldFailed = await delivery('failed', 200);
    const oldPending = await delivery('pending', 60);
    // An event whose endpoint was deleted long ago (no delivery left), and a recent one.
    const orphan = (
      await ctx.handle.db
        .insertInto('webhook_events')
        .values({
          company_id: companyId,
          type: 'alert.raised',
          data: '{}',
          occurred_at: sql<Date>`now() - interval '25 days'`,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const freshOrphan = (
      await ctx.handle.db
        .insertInto('webhook_events')
        .values({ company_id: companyId, type: 'alert.raised', data: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    const result = await cleanupWebhookLog(ctx.handle.db, { deliveredDays: 20 });
    expect(result.deliveries).toBeGreaterThanOrEqual(1);
    expect(result.events).toBeGreaterThanOrEqual(2);

    expect(await exists('webhook_deliveries', oldDelivered.deliveryId)).toBe(false);
    expect(await attemptsOf(oldDelivered.deliveryId)).toBe(0);
    expect(await exists('webhook_events', oldDelivered.eventId)).toBe(false);
    expect(await exists('webhook_events', orphan)).toBe(false);

    expect(await exists('webhook_deliveries', recentDelivered.deliveryId)).toBe(true);
    expect(await exists('webhook_events', recentDelivered.eventId)).toBe(true);
    expect(await exists('webhook_events', freshOrphan)).toBe(true);
    for (const kept of [oldFailed, oldPending]) {
      expect(await exists('webhook_deliveries', kept.deliveryId)).toBe(true);
      expect(await attemptsOf(kept.deliveryId)).toBe(1);
      expect(await exists('webhook_events', kept.eventId)).toBe(true);
    }
  });

  it('deletes at most batch × maxBatches rows a run; the next runs go on', async () => {
    const rows = await Promise.all([1, 2, 3, 4, 5].map(() => delivery('succeeded', 22)));
    const ids = rows.map((r) => r.deliveryId);
    const left = async () =>
      (await ctx.handle.db.selectFrom('webhook_deliveries').select('id').where('id', 'in', ids).execute())
        .length;
    const first = await cleanupWebhookLog(ctx.handle.db, { deliveredDays: 20, batch: 2, maxBatches: 1 });
    expect(first.deliveries).toBe(2);
    expect(await left()).toBe(3);
    await cleanupWebhookLog(ctx.handle.db, { deliveredDays: 20, batch: 2, maxBatches: 2 });
    expect(await left()).toBe(0);
  });
});

describe('the delivery worker', () => {
  it('cleans the log when it starts and then on its interval', async () => {
    const old = await delivery('succeeded', 10);
    const failed = await delivery('failed', 10);
    const messages: string[] = [];
    const worker = await startWebhookWorker(ctx.handle.db, {
      log: (m) => messages.push(m),
      deliveredRetentionDays: 7,
      cleanupIntervalMs: 100,
      sweepIntervalMs: 60_000,
      loops: 1,
      // Its own queue schema: on the shared one it would take other test files' delivery jobs (their
      // receivers, their timeouts) and outlive this file's database.
      schema: `pgboss_cleanup_${randomBytes(3).toString('hex')}`,
    });
    try {
      const deadline = Date.now() + 10_000;
      while ((await exists('webhook_deliveries', old.deliveryId)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await exists('webhook_deliveries', old.deliveryId)).toBe(false);
      expect(await exists('webhook_deliveries', failed.deliveryId)).toBe(true);
      // A row that ages past the retention while the worker runs goes on a later run.
      const later = await delivery('succeeded', 8);
      const until = Date.now() + 10_000;
      while ((await exists('webhook_deliveries', later.deliveryId)) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await exists('webhook_deliveries', later.deliveryId)).toBe(false);
    } finally {
      await worker.stop();
    }
    expect(messages.filter((m) => m.includes('cleanup'))).toEqual([]);
  });
});
