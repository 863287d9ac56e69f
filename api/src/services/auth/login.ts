// One login attempt, throttled (OWASP ASVS 2.2.1, and OWASP's "device cookies"); the HTTP side (cookie, 429,
// 400, the owner's e-mail) is routes/auth/index.ts.
// - per account and address: `perUsername` failures for one username from one client address in the window →
//   that address is throttled for that account. A stranger's failures thus lock out the stranger, not the owner;
// - per address: `perAddress` failures from one address (any usernames) → the address is throttled;
// - per account, from everywhere: `perAccount` failures (distributed guessing) → the account is throttled, except
//   from its usual addresses (a successful login from there before, login_addresses) and known devices;
// - a device that logged in to this account before (its cookie bound to the user) passes the shared counters,
//   unless that device made `perUsername` failures itself;
// - when a failure starts a lockout of an existing account, its owner is told once per window (lockoutNotice);
// - atomic: the check and the record of the attempt (as a failure, forgotten again when the password is right)
//   run in one short transaction holding advisory locks on the address and on the username, waited for; the
//   slow hash runs after it. 100 parallel guesses see each other's records and cannot slip past the count,
//   and colleagues signing in at once from one office address queue for milliseconds instead of a 429.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import type { LoginThrottle, TokenPolicy } from '../../types';

/** How a device cookie is stored (login_devices.key_hash, login_failures.device_hash). */
const deviceHashOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

/** What the owner of an account is told when its logins start being throttled. */
export interface LockoutNotice {
  userId: number;
  username: string;
  email: string;
  firstName: string;
  lang: 'en' | 'es';
  address: string;
  failures: number;
}

export type LoginOutcome =
  | { kind: 'busy' }
  | { kind: 'throttled'; wait: number }
  | { kind: 'failed'; notice?: LockoutNotice }
  | { kind: 'ok'; token: string; device?: string };

/** How long an address counts as usual for an account after a successful login from it, and how many are kept. */
const USUAL_ADDRESS_DAYS = 180;
const USUAL_ADDRESSES_KEPT = 50;

export interface LoginPolicy {
  throttle: LoginThrottle;
  tokens: TokenPolicy;
}

export interface LoginAttempt {
  username: string;
  password: string;
  /** The real client's address. */
  address: string;
  /** The device cookie of the request, when it has the right shape. */
  cookie: string | undefined;
  /** Compared against when the username does not exist, so both cases take the same time. */
  dummyHash: Promise<string>;
}

/** Seconds until fewer than `limit` failures remain in the window, or 0 when not throttled. */
async function throttledFor(
  db: Kysely<Database>,
  windowSeconds: number,
  column: 'username' | 'address' | 'device' | 'pair',
  value: string | { username: string; address: string },
  limit: number,
): Promise<number> {
  const since = sql<Date>`now() - make_interval(secs => ${windowSeconds})`;
  const matches =
    typeof value !== 'string'
      ? sql`lower(username) = lower(${value.username}) AND address = ${value.address}`
      : column === 'username'
        ? sql`lower(username) = lower(${value})`
        : column === 'address'
          ? sql`address = ${value}`
          : sql`device_hash = ${value}`;
  const row = await sql<{ created_at: Date; now: Date }>`
    SELECT created_at, now() AS now FROM login_failures
    WHERE ${matches} AND created_at > ${since}
    ORDER BY created_at DESC OFFSET ${limit - 1} LIMIT 1`.execute(db);
  const nth = row.rows[0];
  if (!nth) return 0;
  const ms = nth.created_at.getTime() + windowSeconds * 1000 - nth.now.getTime();
  return Math.max(1, Math.ceil(ms / 1000));
}

type LoginUser = { id: number; password: string; is_active: boolean };

/**
 * Seconds the attempt must wait (0: none), inside the reservation's transaction. A known device of this account,
 * that has not itself failed too often, skips the shared counters; the ceiling against guesses from many
 * addresses does not hold the owner back where they log in.
 */
async function attemptWait(
  trx: Transaction<Database>,
  throttle: LoginThrottle,
  user: LoginUser | undefined,
  { username, address }: { username: string; address: string },
  deviceHash: string | undefined,
): Promise<{ trusted: boolean; wait: number }> {
  if (user && deviceHash) {
    const known = await sql<{ n: number }>`
      SELECT 1 AS n FROM login_devices WHERE key_hash = ${deviceHash} AND user_id = ${user.id}`.execute(trx);
    const trusted =
      known.rows.length > 0 &&
      (await throttledFor(trx, throttle.windowSeconds, 'device', deviceHash, throttle.perUsername)) === 0;
    if (trusted) return { trusted, wait: 0 };
  }
  const pair = { username, address };
  const waits = [
    await throttledFor(trx, throttle.windowSeconds, 'pair', pair, throttle.perUsername),
    await throttledFor(trx, throttle.windowSeconds, 'address', address, throttle.perAddress),
  ];
  const usual =
    user !== undefined &&
    (
      await sql<{ n: number }>`
        SELECT 1 AS n FROM login_addresses
        WHERE user_id = ${user.id} AND address = ${address}
          AND last_login_at > now() - make_interval(days => ${USUAL_ADDRESS_DAYS})`.execute(trx)
    ).rows.length > 0;
  if (!usual) {
    waits.push(await throttledFor(trx, throttle.windowSeconds, 'username', username, throttle.perAccount));
  }
  return { trusted: false, wait: Math.max(...waits) };
}

/**
 * The check and the record of the attempt, in one short transaction under the advisory locks on the address and
 * the username: throttled, or the attempt written down as a failure (its id) with the user and whether the
 * device is trusted.
 */
async function reserveAttempt(
  db: Kysely<Database>,
  throttle: LoginThrottle,
  username: string,
  address: string,
  deviceHash: string | undefined,
) {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
    await sql`
      SELECT pg_advisory_xact_lock(hashtextextended(${`login-address:${address}`}, 0)),
             pg_advisory_xact_lock(hashtextextended(${`login-user:${username.toLowerCase()}`}, 0))`.execute(
      trx,
    );
    const user: LoginUser | undefined = await trx
      .selectFrom('users')
      .select(['id', 'password', 'is_active'])
      .where('username', '=', username)
      .executeTakeFirst();
    const { trusted, wait } = await attemptWait(trx, throttle, user, { username, address }, deviceHash);
    if (wait > 0) return { kind: 'throttled' as const, wait };
    const failure = await sql<{ id: string }>`
      INSERT INTO login_failures (username, address, device_hash)
      VALUES (${username}, ${address}, ${deviceHash ?? null}) RETURNING id`.execute(trx);
    return { kind: 'reserved' as const, user, trusted, failureId: failure.rows[0].id };
  });
}

/**
 * A right password: the token, the device cookie (kept when trusted, else a new one) bound to the user, this
 * address made usual; the reservation goes with this address's failures on the account. Other addresses'
 * failures stay: the owner signing in does not give a stranger a fresh set of guesses.
 */
async function completeLogin(
  db: Kysely<Database>,
  policy: LoginPolicy,
  user: LoginUser,
  attempt: {
    username: string;
    address: string;
    cookie: string | undefined;
    trusted: boolean;
    failureId: string;
  },
): Promise<LoginOutcome> {
  const { username, address, cookie, trusted, failureId } = attempt;
  return db.transaction().execute(async (trx): Promise<LoginOutcome> => {
    const token = newToken();
    await trx
      .deleteFrom('login_failures')
      .where((eb) =>
        eb.or([
          eb.and([eb(sql`lower(username)`, '=', username.toLowerCase()), eb('address', '=', address)]),
          eb('id', '=', failureId),
        ]),
      )
      .execute();
    await sql`
      INSERT INTO login_addresses (user_id, address) VALUES (${user.id}, ${address})
      ON CONFLICT (user_id, address) DO UPDATE SET last_login_at = now()`.execute(trx);
    await sql`
      DELETE FROM login_addresses WHERE user_id = ${user.id} AND address NOT IN (
        SELECT address FROM login_addresses WHERE user_id = ${user.id}
        ORDER BY last_login_at DESC LIMIT ${USUAL_ADDRESSES_KEPT})`.execute(trx);
    // Expired tokens of this user are of no use to anyone.
    await sql`
      DELETE FROM auth_tokens WHERE user_id = ${user.id}
        AND (last_used_at < now() - make_interval(mins => ${policy.tokens.idleMinutes})
             OR created_at < now() - make_interval(hours => ${policy.tokens.maxAgeHours}))`.execute(trx);
    await trx
      .insertInto('auth_tokens')
      .values({ key_hash: hashToken(token), user_id: user.id })
      .execute();
    await trx.updateTable('users').set({ last_login: new Date() }).where('id', '=', user.id).execute();
    const device = trusted && cookie ? cookie : randomBytes(32).toString('hex');
    await sql`
      INSERT INTO login_devices (key_hash, user_id) VALUES (${deviceHashOf(device)}, ${user.id})
      ON CONFLICT (key_hash, user_id) DO UPDATE SET last_used_at = now()`.execute(trx);
    return { kind: 'ok', token, device };
  });
}

/**
 * One login attempt. The check and the record of the attempt are one short transaction under the advisory
 * locks (waited for, briefly): the attempt is written down as a failure before the slow hash runs, and
 * forgotten again only if the password was right. Parallel guesses thus see each other's reservations and
 * cannot slip past the count, while parallel right logins (colleagues behind one office address, the
 * portal's own proxy) simply queue for a few milliseconds instead of being refused.
 */
export async function attemptLogin(
  db: Kysely<Database>,
  policy: LoginPolicy,
  { username, password, address, cookie, dummyHash }: LoginAttempt,
): Promise<LoginOutcome> {
  const { throttle } = policy;
  const deviceHash = cookie ? deviceHashOf(cookie) : undefined;
  let reserved: { user?: LoginUser; failureId: string; trusted: boolean };
  try {
    const step = await reserveAttempt(db, throttle, username, address, deviceHash);
    if (step.kind === 'throttled') return step;
    reserved = step;
  } catch (error) {
    // lock_not_available: the locks were held for seconds (a flood on this account or address).
    if ((error as { code?: string }).code === '55P03') return { kind: 'busy' };
    throw error;
  }
  const { user, trusted, failureId } = reserved;
  const ok = await verifyPassword(password, user?.password ?? (await dummyHash));
  // A wrong password leaves the reserved failure in place.
  if (!user || !ok || !user.is_active) {
    // Counted for unknown usernames too, so that the answer takes as long whether the account exists or not.
    const notice = await lockoutNotice(db, throttle, user?.is_active ? user.id : null, username, address);
    return notice ? { kind: 'failed', notice } : { kind: 'failed' };
  }
  return completeLogin(db, policy, user, { username, address, cookie, trusted, failureId });
}

/**
 * After a failure on an existing, active account (`userId`; null otherwise): when it brought this address's or the account's count to its limit
 * (a lockout begins), the owner's notice, claimed once per window (login_lockout_notices); else null.
 */
async function lockoutNotice(
  db: Kysely<Database>,
  throttle: LoginThrottle,
  userId: number | null,
  username: string,
  address: string,
): Promise<LockoutNotice | null> {
  const since = sql<Date>`now() - make_interval(secs => ${throttle.windowSeconds})`;
  const counts = await sql<{ pair: string; account: string }>`
    SELECT count(*) FILTER (WHERE address = ${address}) AS pair, count(*) AS account
    FROM login_failures WHERE lower(username) = lower(${username}) AND created_at > ${since}`.execute(db);
  const pair = Number(counts.rows[0]?.pair ?? 0);
  const account = Number(counts.rows[0]?.account ?? 0);
  if (userId === null || (pair < throttle.perUsername && account < throttle.perAccount)) return null;
  const claimed = await sql<{ user_id: number }>`
    INSERT INTO login_lockout_notices (user_id, notified_at) VALUES (${userId}, now())
    ON CONFLICT (user_id) DO UPDATE SET notified_at = now()
      WHERE login_lockout_notices.notified_at <= ${since}
    RETURNING user_id`.execute(db);
  if (claimed.rows.length === 0) return null;
  const owner = await db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.id', 'u.id')
    .select(['u.username', 'u.email', 'u.first_name', 'p.email_language'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!owner?.email) return null;
  return {
    userId,
    username: owner.username,
    email: owner.email,
    firstName: owner.first_name ?? '',
    lang: owner.email_language === 'en' ? 'en' : 'es',
    address,
    failures: Math.max(pair, account),
  };
}

/** Frees a notice claimed but not sent (the mail server refused it), so the next failure tries again. */
export async function forgetLockoutNotice(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('login_lockout_notices').where('user_id', '=', userId).execute();
}
