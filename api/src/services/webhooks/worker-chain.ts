// One chain job of the webhook worker: lease the chain's due deliveries, sign and POST them one after the
// other, record the outcome, and queue the chain again for when it can next be tried.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { buildBodies } from './payload';
import { postWebhook } from './sender';
import { signedHeaders } from './signing';
import {
  claimChain,
  nextTry,
  recordFailure,
  recordSuccesses,
  type Claimed,
  type Success,
} from './worker-deliveries';
import type { ChainJob, Enqueue } from './worker-queue';
import type { WebhookWorkerOptions } from './worker-options';

export interface ChainContext {
  db: Kysely<Database>;
  o: WebhookWorkerOptions;
  enqueue: Enqueue;
  /** True once the worker is stopping: no new sends. */
  stopping: () => boolean;
}

/** Signs and POSTs one leased delivery. */
function send(ctx: ChainContext, c: Claimed, body: string) {
  const secrets = c.previous_secret ? [c.secret, c.previous_secret] : [c.secret];
  const headers = signedHeaders(secrets, c.id, c.type, body);
  return postWebhook(c.url, headers, body, { timeoutMs: ctx.o.timeoutMs, allowPrivate: ctx.o.allowPrivate });
}

/**
 * Renews the lease of the batch's deliveries not yet sent, before a send that could outlast it: past the lease
 * another worker may lease them, and two senders on one chain could deliver out of order. A worker that dies
 * stops renewing, so its deliveries are free again one lease later. Returns the new end (this process's clock).
 */
async function renewLease(ctx: ChainContext, rest: Claimed[]): Promise<number> {
  const ends = Date.now() + ctx.o.leaseSeconds * 1000;
  await sql`
    UPDATE webhook_deliveries SET leased_until = now() + make_interval(secs => ${ctx.o.leaseSeconds})
    WHERE id = ANY(${rest.map((c) => c.delivery_id)}::bigint[]) AND status = 'pending'`.execute(ctx.db);
  return ends;
}

/**
 * Sends a leased batch in order; stops at the first failure. True when the chain may go on. The lease is renewed
 * whenever the next send could outlast it (`leaseEnds`, this process's clock, taken before the lease was asked).
 */
async function sendBatch(
  ctx: ChainContext,
  job: ChainJob,
  batch: Claimed[],
  leaseEnds: number,
): Promise<boolean> {
  const { db } = ctx;
  const missing = batch.filter((c) => c.body === null);
  const built = await buildBodies(db, missing, batch[0].created_by);
  const done: Success[] = [];
  let goOn = true;
  let i = 0;
  let leaseUntil = leaseEnds;
  try {
    for (; i < batch.length && !ctx.stopping(); i += 1) {
      if (Date.now() + ctx.o.timeoutMs + 1000 > leaseUntil)
        leaseUntil = await renewLease(ctx, batch.slice(i));
      const c = batch[i];
      const body = c.body ?? built.get(c.id)!;
      const result = await send(ctx, c, body);
      if (result.ok) {
        done.push({ id: c.delivery_id, code: result.status, ms: result.latencyMs, body });
        continue;
      }
      await recordSuccesses(db, job, done.splice(0));
      goOn = await recordFailure(db, ctx.o, job, c, body, result);
      i += 1;
      if (!goOn) break;
    }
  } finally {
    await recordSuccesses(db, job, done);
    // Leased but not tried (a failure stopped the chain, or the worker is stopping): free them now.
    const untried = batch.slice(i).map((c) => c.delivery_id);
    if (untried.length)
      await db
        .updateTable('webhook_deliveries')
        .set({ leased_until: null })
        .where('id', 'in', untried)
        .execute();
  }
  return goOn && !ctx.stopping();
}

/** Drains a chain strictly in order, then queues it again for its next due delivery, if any. */
export async function drainChain(ctx: ChainContext, job: ChainJob): Promise<void> {
  for (let round = 0; round < 50 && !ctx.stopping(); round += 1) {
    const leaseEnds = Date.now() + ctx.o.leaseSeconds * 1000;
    const batch = await claimChain(ctx.db, job, ctx.o.leaseSeconds);
    const goOn = batch.length > 0 && (await sendBatch(ctx, job, batch, leaseEnds));
    if (!goOn) {
      const at = await nextTry(ctx.db, job);
      if (at) await ctx.enqueue([job], ctx.db, at);
      return;
    }
  }
  // A long chain: let other chains have a turn.
  await ctx.enqueue([job]);
}
