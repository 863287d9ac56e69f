// POST /api/token/ (log in, throttled), POST /api/rest-auth/logout/ and POST /api/rest-auth/password/change/.
//
// Login throttling (OWASP ASVS 2.2.1, and OWASP's "device cookies"):
// - per client address: `perAddress` failures in the window → 429. The address is the real client's: the API
//   believes X-Forwarded-For only from its trusted proxies (the portal's server; see app.ts trustProxy);
// - per account: `perUsername` failures in the window → 429 for unknown devices. A device that logged in to
//   this account before (an HttpOnly `portal_device` cookie bound to the user) is not locked out by failures
//   strangers caused, unless that device made `perUsername` failures itself: a stranger cannot lock the owner
//   out, and a stolen device cookie guesses no faster than anyone;
// - atomic: the check and the record of the attempt (as a failure, forgotten again when the password is right)
//   run in one short transaction holding advisory locks on the address and on the username, waited for; the
//   slow hash runs after it. 100 parallel guesses see each other's records and cannot slip past the count,
//   and colleagues signing in at once from one office address queue for milliseconds instead of a 429.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type Kysely } from 'kysely';
import { ApiError, ErrorCollector, MESSAGES, badRequest } from '../../lib/errors';
import { hashPassword, passwordProblems, verifyPassword } from '../../lib/passwords';
import { errors } from '../../lib/schemas';
import { hashToken, newToken } from '../../lib/tokens';
import { caller, forgetAuth, forgetToken, requireAuth } from '../../plugins/auth';
import type { Database } from '../../db/types';
import { DetailAnswerSchema, PasswordChangeBodySchema, TokenAnswerSchema, TokenBodySchema } from './schema';

const DEVICE_COOKIE = 'portal_device';
const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The `portal_device` cookie of the request, when it has the right shape. */
function deviceCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const value = rest.join('=');
      return /^[0-9a-f]{64}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${DEVICE_COOKIE}=${value}; Path=/api/token/; Max-Age=${DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}

const tooMany = (wait: number) =>
  new ApiError(
    429,
    { detail: `Too many failed login attempts. Try again in ${wait} seconds.` },
    { 'Retry-After': String(wait) },
  );

type LoginOutcome =
  | { kind: 'busy' }
  | { kind: 'throttled'; wait: number }
  | { kind: 'failed' }
  | { kind: 'ok'; token: string; device?: string };

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { loginThrottle, passwordHashCost } = app.config;
  // Compared against when the username does not exist, so both cases take the same time.
  let dummyHash: Promise<string> | undefined;

  /** Seconds until fewer than `limit` failures remain in the window, or 0 when not throttled. */
  async function throttledFor(
    db: Kysely<Database>,
    column: 'username' | 'address' | 'device',
    value: string,
    limit: number,
  ): Promise<number> {
    const since = sql<Date>`now() - make_interval(secs => ${loginThrottle.windowSeconds})`;
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
    const ms = nth.created_at.getTime() + loginThrottle.windowSeconds * 1000 - nth.now.getTime();
    return Math.max(1, Math.ceil(ms / 1000));
  }

  /**
   * One login attempt. The check and the record of the attempt are one short transaction under the advisory
   * locks (waited for, briefly): the attempt is written down as a failure before the slow hash runs, and
   * forgotten again only if the password was right. Parallel guesses thus see each other's reservations and
   * cannot slip past the count, while parallel right logins (colleagues behind one office address, the
   * portal's own proxy) simply queue for a few milliseconds instead of being refused.
   */
  async function attempt(
    username: string,
    password: string,
    address: string,
    cookie: string | undefined,
    deviceHash: string | undefined,
  ): Promise<LoginOutcome> {
    let reserved: {
      user?: { id: number; password: string; is_active: boolean };
      failureId: string;
      trusted: boolean;
    };
    try {
      const step = await app.db.transaction().execute(async (trx) => {
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
            (await throttledFor(trx, 'device', deviceHash, loginThrottle.perUsername)) === 0;
        }
        if (!trusted) {
          const wait = Math.max(
            await throttledFor(trx, 'username', username, loginThrottle.perUsername),
            await throttledFor(trx, 'address', address, loginThrottle.perAddress),
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
    const ok = await verifyPassword(password, user?.password ?? (await dummyHash!));
    // A wrong password leaves the reserved failure in place.
    if (!user || !ok || !user.is_active) return { kind: 'failed' };
    return app.db.transaction().execute(async (trx): Promise<LoginOutcome> => {
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
          AND (last_used_at < now() - make_interval(mins => ${app.config.tokens.idleMinutes})
               OR created_at < now() - make_interval(hours => ${app.config.tokens.maxAgeHours}))`.execute(
        trx,
      );
      await trx
        .insertInto('auth_tokens')
        .values({ key_hash: hashToken(token), user_id: user.id })
        .execute();
      await trx.updateTable('users').set({ last_login: new Date() }).where('id', '=', user.id).execute();
      const device = trusted && cookie ? cookie : randomBytes(32).toString('hex');
      await sql`
        INSERT INTO login_devices (key_hash, user_id) VALUES (${sha256(device)}, ${user.id})
        ON CONFLICT (key_hash, user_id) DO UPDATE SET last_used_at = now()`.execute(trx);
      return { kind: 'ok', token, device };
    });
  }

  app.post(
    '/token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in: exchange username and password for a token',
        description:
          `Failed attempts are throttled: ${loginThrottle.perUsername} per username and ` +
          `${loginThrottle.perAddress} per client address in ${loginThrottle.windowSeconds / 60} minutes ` +
          '(429 with Retry-After). A device that logged in to the account before (HttpOnly cookie ' +
          '`portal_device`) is not locked out by the failures of others. A successful login resets the ' +
          'username counter. Tokens expire after a time without use and after a maximum age.',
        body: TokenBodySchema,
        response: {
          200: TokenAnswerSchema,
          ...errors[400](
            'Missing fields, or `{non_field_errors: ["Unable to log in with provided credentials."]}`',
          ),
          ...errors[429],
        },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      const { password } = request.body;
      const address = request.ip;
      const cookie = deviceCookie(request);
      const deviceHash = cookie ? sha256(cookie) : undefined;
      dummyHash ??= hashPassword('not a password', passwordHashCost);
      const outcome = await attempt(username, password, address, cookie, deviceHash);
      if (outcome.kind === 'busy') throw tooMany(1);
      if (outcome.kind === 'throttled') throw tooMany(outcome.wait);
      if (outcome.kind === 'failed') throw badRequest({ non_field_errors: [MESSAGES.badCredentials] });
      if (outcome.device) setDeviceCookie(request, reply, outcome.device);
      return { token: outcome.token };
    },
  );

  app.post(
    '/rest-auth/logout/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Log out: the token of this request stops working at once',
        security: [{ token: [] }],
        response: { 200: DetailAnswerSchema, ...errors[401] },
      },
    },
    async (request) => {
      const keyHash = hashToken(String(request.headers.authorization).trim().split(/\s+/)[1]);
      await app.db.deleteFrom('auth_tokens').where('key_hash', '=', keyHash).execute();
      forgetToken(app.db, keyHash);
      return { detail: 'Successfully logged out.' };
    },
  );

  app.post(
    '/rest-auth/password/change/',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password",
        description:
          'Rules: at least 8 characters, not entirely numeric, not the username. Nothing changes on any error. ' +
          "The user's other tokens stop working; the one of this request keeps working.",
        security: [{ token: [] }],
        body: PasswordChangeBodySchema,
        response: { 200: DetailAnswerSchema, ...errors[400](), ...errors[401] },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const { old_password, new_password1, new_password2 } = request.body;
      const problems = new ErrorCollector();
      if (!(await verifyPassword(old_password, user.password))) {
        problems.add('old_password', MESSAGES.wrongOldPassword);
      }
      if (new_password1 !== new_password2) {
        problems.add('new_password2', MESSAGES.passwordMismatch);
      } else {
        for (const p of passwordProblems(new_password2, user.username)) problems.add('new_password2', p);
      }
      problems.throwIfAny();
      const hash = await hashPassword(new_password1, passwordHashCost);
      const current = hashToken(String(request.headers.authorization).trim().split(/\s+/)[1]);
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password: hash }).where('id', '=', user.id).execute();
        await trx
          .deleteFrom('auth_tokens')
          .where('user_id', '=', user.id)
          .where('key_hash', '<>', current)
          .execute();
      });
      forgetAuth(app.db, user.id);
      return { detail: MESSAGES.passwordSaved };
    },
  );
};
