// Delivery of stored contact requests to the sales address, on the job queue (pg-boss, its own queue
// `contact-mail` in the same `pgboss` schema the tracking engine uses, through the API's own Kysely pool).
// The row in contact_requests is the truth: a job only says "try to send row N". A failed send throws, so
// pg-boss retries it with backoff; when its retries run out the row is still 'pending' and the sweep
// (at start and every `sweepSeconds`) queues it again. Nothing is lost while the row exists.
import PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import { bossDb, ensureQueues } from '../../lib/boss-db';
import type { Mailer } from '../../mail';
import { contactDb, type ContactRow } from './store';

const CONTACT_QUEUE = 'contact-mail';

export interface DeliveryOptions {
  /** Tries per job after the first (default 8). */
  retryLimit?: number;
  /** Seconds before the first retry (default 15). */
  retryDelaySeconds?: number;
  /** Double the delay at each retry (default true). */
  retryBackoff?: boolean;
  /** Worker polling interval (default 2 s; a send wakes the worker at once anyway). */
  pollingIntervalSeconds?: number;
  /** Pending rows whose last try is older than this are queued again (default 1800 s). */
  sweepSeconds?: number;
  schema?: string;
}

export interface ContactDelivery {
  /** Queues the delivery of a stored request. */
  enqueue(id: string): Promise<void>;
  stop(): Promise<void>;
}

export interface DeliveryDeps {
  db: Kysely<unknown>;
  mailer: Mailer;
  salesAddress: string;
  log: (message: string) => void;
}

/** The sales mail of one request: readable as plain text, every field labelled. */
function salesMessage(row: ContactRow, salesAddress: string) {
  const lines = [
    `New request for information from the public site (#${row.id}).`,
    '',
    `Name: ${row.name}`,
    `Email: ${row.email}`,
    `Phone: ${row.phone || '-'}`,
    `Company: ${row.company}`,
    `Product: ${row.product}`,
    `Language: ${row.language}`,
    `Received: ${new Date(row.created_at).toISOString()}`,
    '',
    'Comments:',
    row.comments || '-',
  ];
  const replyTo = /^[^\s@<>]+@[^\s@<>]+$/.test(row.email) ? row.email : undefined;
  return {
    to: salesAddress,
    subject: `Request for information: ${row.company} (${row.name})`.slice(0, 200),
    text: lines.join('\n'),
    replyTo,
  };
}

/** Sends one stored request unless it already went out; marks it sent, or records the error and throws. */
async function deliverContactRequest(deps: DeliveryDeps, id: string): Promise<'sent' | 'skipped'> {
  const db = contactDb(deps.db);
  const row = await db
    .updateTable('contact_requests')
    .set({ attempts: sql`attempts + 1`, last_attempt_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!row) return 'skipped';
  try {
    await deps.mailer.send(salesMessage(row, deps.salesAddress));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .updateTable('contact_requests')
      .set({ last_error: message.slice(0, 500) })
      .where('id', '=', id)
      .execute();
    deps.log(`Contact request ${id}: mail not delivered (${message}); it will be retried.`);
    throw err;
  }
  await db
    .updateTable('contact_requests')
    .set({ status: 'sent', sent_at: sql`now()`, last_error: null })
    .where('id', '=', id)
    .execute();
  return 'sent';
}

export async function startContactDelivery(
  deps: DeliveryDeps,
  options: DeliveryOptions = {},
): Promise<ContactDelivery> {
  const queueDb = bossDb(deps.db);
  const boss = new PgBoss({
    db: queueDb,
    schema: options.schema ?? 'pgboss',
    schedule: false,
    supervise: true,
  });
  boss.on('error', (err) => deps.log(`pg-boss (contact): ${err.message}`));
  await boss.start();
  const queue: PgBoss.Queue = {
    name: CONTACT_QUEUE,
    policy: 'standard',
    retryLimit: options.retryLimit ?? 8,
    retryDelay: options.retryDelaySeconds ?? 15,
    retryBackoff: options.retryBackoff ?? true,
    expireInSeconds: 120,
  };
  await ensureQueues(boss, [queue]);
  const workerId = await boss.work<{ id: string }>(
    CONTACT_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
    queueDb.handler(async ([job]: PgBoss.Job<{ id: string }>[]) => deliverContactRequest(deps, job.data.id)),
  );

  const enqueue = async (id: string) => {
    await boss.send(CONTACT_QUEUE, { id }, { singletonKey: `contact-${id}` });
    boss.notifyWorker(workerId);
  };
  const sweepSeconds = options.sweepSeconds ?? 1800;
  const sweep = async () => {
    const pending = await contactDb(deps.db)
      .selectFrom('contact_requests')
      .select('id')
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([
          eb('last_attempt_at', 'is', null),
          eb('last_attempt_at', '<', sql<Date>`now() - make_interval(secs => ${sweepSeconds})`),
        ]),
      )
      .orderBy('id')
      .limit(1000)
      .execute();
    for (const { id } of pending) await enqueue(id);
  };
  await sweep().catch((err: Error) => deps.log(`Contact sweep failed: ${err.message}`));
  const timer = setInterval(() => {
    sweep().catch((err: Error) => deps.log(`Contact sweep failed: ${err.message}`));
  }, sweepSeconds * 1000);
  timer.unref();

  return {
    enqueue,
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
      // A fetch under way when stop() began is not waited for by pg-boss: its delivery and its completion are.
      await queueDb.quiet();
      deps.mailer.close();
    },
  };
}
