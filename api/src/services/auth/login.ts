// One login attempt, throttled (OWASP ASVS 2.2.1, and OWASP's "device cookies"); the HTTP side (cookie, 429,
// 400) is routes/auth/index.ts.
// - per client address: `perAddress` failures in the window → throttled;
// - per account: `perUsername` failures in the window → throttled for unknown devices. A device that logged in
//   to this account before (its cookie bound to the user) is not locked out by failures strangers caused,
//   unless that device made `perUsername` failures itself;
// - atomic: the check and the record of the attempt (as a failure, forgotten again when the password is right)
//   run in one short transaction holding advisory locks on the address and on the username, waited for; the
//   slow hash runs after it. 100 parallel guesses see each other's records and cannot slip past the count,
//   and colleagues signing in at once from one office address queue for milliseconds instead of a 429.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import type { LoginThrottle, TokenPolicy } from '../../types';

/** How a device cookie is stored (login_devices.key_hash, login_failures.device_hash). */
const deviceHashOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

export type LoginOutcome =
  | { kind: 'busy' }
  | { kind: 'throttled'; wait: number }
  | { kind: 'failed' }
  | { kind: 'ok'; token: string; device?: string };

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
  column: 'username' | 'address' | 'device',
  value: string,
  limit: number,
): Promise<number> {
  const since = sql<Date>`now() - make_interval(secs => ${windowSeconds})`;
  const matches =
    column === 'username'
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
  let reserved: {
    user?: { id: number; password: string; is_active: boolean };
    failureId: string;
    trusted: boolean;
  };
  try {
    const step = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
      await sql`
        SELECT pg_advisory_xact_lock(hashtextextended(${`login-address:${address}`}, 0)),
               pg_advisory_xact_lock(hashtextextended(${`login-user:${username.toLowerCase()}`}, 0))`.execute(
        trx,
      );
      const user = await trx
        .selectFrom('users')
        .select(['id', 'password', 'is_active'])
        .where('username', '=', username)
        .executeTakeFirst();
      // A known device of this account, that has not itself failed too often, skips the shared counters.
      let trusted = false;
      if (user && deviceHash) {
        const known = await sql<{ n: number }>`
          SELECT 1 AS n FROM login_devices WHERE key_hash = ${deviceHash} AND user_id = ${user.id}`.execute(
          trx,
        );
        trusted =
          known.rows.length > 0 &&
          (await throttledFor(trx, throttle.windowSeconds, 'device', deviceHash, throttle.perUsername)) === 0;
      }
      if (!trusted) {
        const wait = Math.max(
          await throttledFor(trx, throttle.windowSeconds, 'username', username, throttle.perUsername),
          await throttledFor(trx, throttle.windowSeconds, 'address', address, throttle.perAddress),
        );
        if (wait > 0) return { kind: 'throttled' as const, wait };
      }
      const failure = await sql<{ id: string }>`
        INSERT INTO login_failures (username, address, device_hash)
        VALUES (${username}, ${address}, ${deviceHash ?? null}) RETURNING id`.execute(trx);
      return { kind: 'reserved' as const, user, trusted, failureId: failure.rows[0].id };
    });
    if (step.kind === 'throttled') return step;
    reserved = step;
  } catch (error) {
    // lock_not_available: the locks were held for seconds (a flood on this account or address).
    if ((error as { code?: string }).code === '55P03') return { kind: 'busy' };
    throw error;
  }
  const { user, trusted } = reserved;
  const ok = await verifyPassword(password, user?.password ?? (await dummyHash));
  // A wrong password leaves the reserved failure in place.
  if (!user || !ok || !user.is_active) return { kind: 'failed' };
  return db.transaction().execute(async (trx): Promise<LoginOutcome> => {
    const token = newToken();
    // the reservation of this attempt goes with the rest of this account's failures
    await trx
      .deleteFrom('login_failures')
      .where((eb) =>
        eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb('id', '=', reserved.failureId)]),
      )
      .execute();
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
