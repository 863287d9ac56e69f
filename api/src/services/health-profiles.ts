// Health profiles (migration 0043): per distinct set of health thresholds of a company, its shipments counted
// per carrier, ETA week, hidden flag and the health those thresholds give, kept by the statement triggers of
// shipments. A list counts one health tab over an ETA range from them in time independent of the number of
// shipments (list-query countQuery). A profile is added the first time a caller's thresholds ask for it and is
// built in the background; until it is ready the list counts the shipments, as it always could.
//
// Building under writes, without stopping them: the profile row is committed first, so every trigger that runs
// after that adds its changes to the profile's (still partial) counts. The build then takes the company's write
// lock exclusively for an instant, at a moment when no write of the company is under way (each write holds the
// lock shared until it commits, migration 0043), and takes its snapshot before letting new ones in. That
// snapshot sees every write whose trigger ran without the profile, and every change already added to the
// counts; the shipments counted in it, minus those added changes, is what the counts lack. That difference is
// added in a second, read-committed transaction (the counts are appended rows, migration 0043, so it waits for
// no writer), which also marks the profile ready. A write that starts afterwards adds its own change, as ever.
// A build whose process dies before that second transaction commits leaves nothing behind; the next build
// computes the difference afresh.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { MAX_DAYS_THRESHOLDS, type HealthThresholds } from './health';

/** At most this many profiles a company: each one costs every write of its shipments a little. */
export const MAX_PROFILES_PER_COMPANY = 8;
/** A profile nobody has counted with for this long is dropped when its company needs a new one. */
const UNUSED_DROP_DAYS = 7;
/** A build that has not finished after this long is taken over (its process died). */
const BUILD_TAKEOVER_MINUTES = 10;
/** The build tries this long to find the company with no write under way, then gives up until later. */
const BUILD_LOCK_TRY_MS = 30_000;
/** The advisory lock class of the company's write lock (migration 0043, health_profile_write_lock). */
const WRITE_LOCK_CLASS = 20430;
/** That lock is one per this many companies (company % WRITE_LOCK_BUCKETS, as health_profile_write_lock). */
const WRITE_LOCK_BUCKETS = 64;
/** How long a process reuses what it learnt of a profile: ready (and its id), or not yet. */
const READY_REUSE_MS = 60_000;
const NOT_READY_REUSE_MS = 2_000;
/** last_used_at is written at most this often. */
const TOUCH_MS = 3_600_000;
/**
 * A profile in use has its appended rows folded at most this often (by each process): at 50 writes a second
 * that is some thousand rows more to sum at most.
 */
const COMPACT_MS = 10_000;

/** The attention codes of thresholds, each once, ascending (as a profile keeps them). */
const sortedCodes = (t: HealthThresholds): number[] =>
  [...new Set(t.attention_required_event_codes)].sort((a, b) => a - b);

/** The thresholds of a profile as canonical text: equal sets give equal keys. */
export function profileKey(t: HealthThresholds): string {
  const codes = sortedCodes(t);
  const max = MAX_DAYS_THRESHOLDS.map((k) => t.max_days[k] ?? null);
  return JSON.stringify([t.days_of_delay, t.days_in_advance, codes, max, t.pod_warning_risk ?? null]);
}

interface Known {
  id: number | null;
  ready: boolean;
  at: number;
  touched: number;
  compacted: number;
}

/** What this process knows of each profile, per database handle (tests run several). */
const knownByDb = new WeakMap<object, Map<string, Known>>();
/** Builds started by this process and not yet ended (awaited by tests and on shutdown). */
const builds = new Set<Promise<void>>();

/** Resolves when the builds this process has started have ended. */
export async function profileBuildsSettled(): Promise<void> {
  while (builds.size) await Promise.allSettled([...builds]);
}

function knownOf(db: Kysely<Database>): Map<string, Known> {
  let known = knownByDb.get(db);
  if (!known) knownByDb.set(db, (known = new Map<string, Known>()));
  return known;
}

/**
 * The id of the company's ready profile for these thresholds, or null when there is none yet (the caller counts
 * the shipments). A missing profile is added and built in the background, unless the company is at its limit.
 */
export async function readyProfile(
  db: Kysely<Database>,
  companyId: number,
  t: HealthThresholds,
): Promise<number | null> {
  const key = profileKey(t);
  const known = knownOf(db);
  const memo = `${companyId}:${key}`;
  const now = Date.now();
  const seen = known.get(memo);
  if (seen && now - seen.at < (seen.ready ? READY_REUSE_MS : NOT_READY_REUSE_MS)) {
    if (seen.ready && seen.id !== null && now - seen.compacted > COMPACT_MS) {
      seen.compacted = now;
      inBackground(seen.id, 'compaction', () => compact(db, seen.id as number));
    }
    return seen.ready ? seen.id : null;
  }
  const row = await db
    .selectFrom('health_profiles')
    .select([
      'id',
      'ready',
      sql<boolean>`build_token IS NULL OR build_started_at < now() - make_interval(mins => ${BUILD_TAKEOVER_MINUTES})`.as(
        'claimable',
      ),
    ])
    .where('company_id', '=', companyId)
    .where('key', '=', key)
    .executeTakeFirst();
  const entry: Known = {
    id: row?.id ?? null,
    ready: row?.ready ?? false,
    at: now,
    touched: seen?.touched ?? 0,
    compacted: seen?.compacted ?? now,
  };
  known.set(memo, entry);
  if (row?.ready) {
    if (now - entry.touched > TOUCH_MS) {
      entry.touched = now;
      await db
        .updateTable('health_profiles')
        .set({ last_used_at: sql`now()` })
        .where('id', '=', row.id)
        .execute();
    }
    return row.id;
  }
  const token = randomUUID();
  const claimed = row
    ? row.claimable
      ? await claim(db, row.id, token)
      : null
    : await addProfile(db, companyId, key, t, token);
  if (claimed !== null) startBuild(db, claimed, companyId, token, memo);
  // None, and the company at its limit: not asked again for as long as a ready profile is reused.
  else if (!row) entry.at = now + READY_REUSE_MS - NOT_READY_REUSE_MS;
  return null;
}

/** Takes over the build of a profile that is not being built (or whose builder died). */
async function claim(db: Kysely<Database>, id: number, token: string): Promise<number | null> {
  const row = await db
    .updateTable('health_profiles')
    .set({ build_token: token, build_started_at: sql`now()` })
    .where('id', '=', id)
    .where('ready', '=', false)
    .where(
      sql<boolean>`(build_token IS NULL OR build_started_at < now() - make_interval(mins => ${BUILD_TAKEOVER_MINUTES}))`,
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Adds the company's profile for these thresholds, to be built by the caller (its id), after dropping the
 * profiles nobody has used lately; null when another request added it first or the company is at its limit.
 */
async function addProfile(
  db: Kysely<Database>,
  companyId: number,
  key: string,
  t: HealthThresholds,
  token: string,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    // One change of a company's profiles at a time, so that its limit holds.
    await sql`SELECT pg_advisory_xact_lock(20431, ${companyId})`.execute(trx);
    const dropped = await trx
      .deleteFrom('health_profiles')
      .where('company_id', '=', companyId)
      .where(sql<boolean>`last_used_at < now() - make_interval(days => ${UNUSED_DROP_DAYS})`)
      .returning('id')
      .execute();
    if (dropped.length) {
      // With the orphans a writer may have added for a profile dropped earlier, while it was being dropped.
      await sql`DELETE FROM health_profile_counts c
        WHERE c.profile_id = ANY(${dropped.map((d) => d.id)}::integer[])
           OR NOT EXISTS (SELECT 1 FROM health_profiles p WHERE p.id = c.profile_id)`.execute(trx);
    }
    const { n } = await trx
      .selectFrom('health_profiles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_PROFILES_PER_COMPANY) return null;
    const max = Object.fromEntries(MAX_DAYS_THRESHOLDS.map((k) => [k, t.max_days[k] ?? null]));
    const row = await trx
      .insertInto('health_profiles')
      .values({
        company_id: companyId,
        key,
        days_of_delay: t.days_of_delay,
        days_in_advance: t.days_in_advance,
        codes: sortedCodes(t),
        ...max,
        pod_warning_risk: t.pod_warning_risk ?? null,
        build_token: token,
        build_started_at: sql`now()`,
      })
      .onConflict((oc) => oc.columns(['company_id', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  });
}

/** Runs `task` of profile `id` in the background, logged if it fails, awaited by profileBuildsSettled. */
function inBackground(id: number, what: string, task: () => Promise<unknown>): void {
  const run: Promise<void> = task()
    .then(() => undefined)
    .catch((err: unknown) => console.error(`health profile ${id}: ${what} failed:`, err))
    .finally(() => builds.delete(run));
  builds.add(run);
}

/** Folds the profile's appended rows, one per group (migration 0043). */
async function compact(db: Kysely<Database>, id: number): Promise<void> {
  await sql`SELECT health_profile_counts_compact(${id})`.execute(db);
}

function startBuild(db: Kysely<Database>, id: number, companyId: number, token: string, memo: string): void {
  inBackground(id, 'build (to be tried again)', async () => {
    try {
      if (await buildProfile(db, id, companyId, token)) {
        const now = Date.now();
        knownOf(db).set(memo, { id, ready: true, at: now, touched: now, compacted: now });
      }
    } catch (err) {
      // Free for the next request to try again.
      await db
        .updateTable('health_profiles')
        .set({ build_token: null, build_started_at: null })
        .where('id', '=', id)
        .where('build_token', '=', token)
        .execute()
        .catch(() => undefined);
      throw err;
    }
  });
}

/**
 * Takes the company's write lock exclusively (on this session), at an instant when no write of its shipments
 * is under way. It only tries, again and again, rather than wait: a waiting request would make every new write
 * wait behind it, and a write that waits holding rows another one under way needs is a deadlock.
 */
async function lockWrites(conn: Kysely<Database>, companyId: number): Promise<void> {
  const until = Date.now() + BUILD_LOCK_TRY_MS;
  for (;;) {
    const { rows } = await sql<{ ok: boolean }>`
      SELECT pg_try_advisory_lock(${WRITE_LOCK_CLASS}, ${companyId % WRITE_LOCK_BUCKETS}) AS ok`.execute(
      conn,
    );
    if (rows[0]?.ok) return;
    if (Date.now() > until) throw new Error(`company ${companyId} was never without writes under way`);
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  }
}

interface GroupDiff {
  carrier_id: number;
  eta_week: string;
  hidden: boolean;
  health: string;
  n: string;
}

/** Builds profile `id` (see the head of this file); true when this call made it ready. */
export async function buildProfile(
  db: Kysely<Database>,
  id: number,
  companyId: number,
  token: string,
): Promise<boolean> {
  const missing = await db.connection().execute(async (conn) => {
    await lockWrites(conn, companyId);
    let locked = true;
    try {
      await sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(conn);
      try {
        // The transaction's snapshot is taken by its first statement, this one, while the lock is still held.
        await sql`SELECT pg_advisory_unlock(${WRITE_LOCK_CLASS}, ${companyId % WRITE_LOCK_BUCKETS})`.execute(
          conn,
        );
        locked = false;
        const { rows } = await sql<GroupDiff>`
          SELECT carrier_id, eta_week::text AS eta_week, hidden, health, coalesce(g.n, 0) - coalesce(c.n, 0) AS n
          FROM health_profile_groups(${id}) g
          FULL JOIN (SELECT carrier_id, eta_week, hidden, health, sum(n) AS n FROM health_profile_counts
                     WHERE profile_id = ${id} GROUP BY 1, 2, 3, 4) c USING (carrier_id, eta_week, hidden, health)
          WHERE coalesce(g.n, 0) <> coalesce(c.n, 0)`.execute(conn);
        await sql`COMMIT`.execute(conn);
        return rows;
      } catch (err) {
        await sql`ROLLBACK`.execute(conn);
        throw err;
      }
    } finally {
      if (locked)
        await sql`SELECT pg_advisory_unlock(${WRITE_LOCK_CLASS}, ${companyId % WRITE_LOCK_BUCKETS})`.execute(
          conn,
        );
    }
  });
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('health_profiles')
      .set({ ready: true, build_token: null })
      .where('id', '=', id)
      .where('ready', '=', false)
      .where('build_token', '=', token)
      .returning('id')
      .executeTakeFirst();
    if (!done) return false;
    if (missing.length) {
      await sql`INSERT INTO health_profile_counts (profile_id, carrier_id, eta_week, hidden, health, n)
        SELECT ${id}, g.carrier_id, g.eta_week, g.hidden, g.health, g.n
        FROM unnest(${missing.map((m) => m.carrier_id)}::integer[], ${missing.map((m) => m.eta_week)}::date[],
                    ${missing.map((m) => m.hidden)}::boolean[], ${missing.map((m) => m.health)}::text[],
                    ${missing.map((m) => m.n)}::bigint[]) AS g (carrier_id, eta_week, hidden, health, n)`.execute(
        trx,
      );
    }
    return true;
  });
}
