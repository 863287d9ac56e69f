// Stopping the webhook delivery worker while a send is under way: stop() returns only once that send's result is
// recorded (and its job completed), even when the receiver answers after pg-boss's own stop timeout, so the owner
// may close the database right after.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWebhookWorker } from '../../src/services/webhooks/worker';
import { seedTenant, startTestApp, type TestContext } from '../helpers/app';

jest.setTimeout(60_000);

const HOLD_MS = 6_500; // longer than the 5 s pg-boss used to be given before it gave up waiting
let ctx: TestContext;
let companyId: number;
let receiver: Server;
let received: () => void;
const gotRequest = new Promise<void>((resolve) => (received = resolve));

beforeAll(async () => {
  ctx = await startTestApp();
  companyId = (await seedTenant(ctx)).companyId;
  receiver = createServer((req, res) => {
    req.resume();
    received();
    setTimeout(() => res.writeHead(200).end('ok'), HOLD_MS);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await ctx.close();
});

it('waits for the send under way and records it before returning', async () => {
  const { port } = receiver.address() as AddressInfo;
  const db = ctx.handle.db;
  const endpoint = await db
    .insertInto('webhook_endpoints')
    .values({
      company_id: companyId,
      url: `http://127.0.0.1:${port}/hook`,
      events: ['alert.raised'],
      secret: 'whsec_stop_test_secret_0123456789abcdef',
      enabled: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('webhook_events')
    .values({ company_id: companyId, type: 'alert.raised', data: '{}' })
    .returning(['id', 'seq'])
    .executeTakeFirstOrThrow();
  const delivery = await db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpoint.id,
      event_id: event.id,
      seq: event.seq,
      chain: 'request:0',
      status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const messages: string[] = [];
  const worker = await startWebhookWorker(db, {
    log: (m) => messages.push(m),
    allowPrivate: true,
    timeoutMs: HOLD_MS + 3_000,
    leaseSeconds: 30,
    pumpIntervalMs: 50,
    loops: 1,
    // Its own queue schema, so no other test file's delivery jobs reach this worker.
    schema: `pgboss_stop_${randomBytes(3).toString('hex')}`,
  });
  await gotRequest;
  await worker.stop();

  const row = await db
    .selectFrom('webhook_deliveries')
    .select(['status', 'attempts'])
    .where('id', '=', delivery.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: 'succeeded', attempts: 1 });
  expect(messages).toEqual([]);
});
