// POST /api/token/ (log in, throttled) and POST /api/rest-auth/password/change/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ApiError, ErrorCollector, MESSAGES, badRequest } from '../../lib/errors';
import { hashPassword, passwordProblems, verifyPassword } from '../../lib/passwords';
import { errors } from '../../lib/schemas';
import { hashToken, newToken } from '../../lib/tokens';
import { caller, forgetAuth, requireAuth } from '../../plugins/auth';
import { DetailAnswerSchema, PasswordChangeBodySchema, TokenAnswerSchema, TokenBodySchema } from './schema';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { loginThrottle, passwordHashCost } = app.config;
  // Compared against when the username does not exist, so both cases take the same time.
  let dummyHash: Promise<string> | undefined;

  /** Seconds until fewer than `limit` failures remain in the window, or 0 when not throttled. */
  async function throttledFor(column: 'username' | 'address', value: string, limit: number): Promise<number> {
    const since = sql<Date>`now() - make_interval(secs => ${loginThrottle.windowSeconds})`;
    const matches = column === 'username' ? sql`lower(username) = lower(${value})` : sql`address = ${value}`;
    const row = await sql<{ created_at: Date; now: Date }>`
      SELECT created_at, now() AS now FROM login_failures
      WHERE ${matches} AND created_at > ${since}
      ORDER BY created_at DESC OFFSET ${limit - 1} LIMIT 1`.execute(app.db);
    const nth = row.rows[0];
    if (!nth) return 0;
    const ms = nth.created_at.getTime() + loginThrottle.windowSeconds * 1000 - nth.now.getTime();
    return Math.max(1, Math.ceil(ms / 1000));
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
          '(429 with Retry-After). A successful login resets the username counter.',
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
    async (request) => {
      const username = request.body.username.trim();
      const { password } = request.body;
      const address = request.ip;
      const wait = Math.max(
        await throttledFor('username', username, loginThrottle.perUsername),
        await throttledFor('address', address, loginThrottle.perAddress),
      );
      if (wait > 0) {
        throw new ApiError(
          429,
          { detail: `Too many failed login attempts. Try again in ${wait} seconds.` },
          { 'Retry-After': String(wait) },
        );
      }
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'password', 'is_active'])
        .where('username', '=', username)
        .executeTakeFirst();
      dummyHash ??= hashPassword('not a password', passwordHashCost);
      const ok = await verifyPassword(password, user?.password ?? (await dummyHash));
      if (!user || !ok || !user.is_active) {
        await app.db.insertInto('login_failures').values({ username, address }).execute();
        throw badRequest({ non_field_errors: [MESSAGES.badCredentials] });
      }
      const token = newToken();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('login_failures')
          .where(sql`lower(username)`, '=', username.toLowerCase())
          .execute();
        await trx
          .insertInto('auth_tokens')
          .values({ key_hash: hashToken(token), user_id: user.id })
          .execute();
        await trx.updateTable('users').set({ last_login: new Date() }).where('id', '=', user.id).execute();
      });
      return { token };
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
          'Rules: at least 8 characters, not entirely numeric, not the username. Nothing changes on any error.',
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
      await app.db.updateTable('users').set({ password: hash }).where('id', '=', user.id).execute();
      forgetAuth(app.db, user.id);
      return { detail: MESSAGES.passwordSaved };
    },
  );
};
