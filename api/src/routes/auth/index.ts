// POST /api/token/ (log in, throttled), POST /api/rest-auth/logout/ and POST /api/rest-auth/password/change/.
//
// The throttle itself (per account and address, per address, per account, usual addresses, trusted devices, the
// atomic check-and-record) is services/auth/login.ts. Here: the device cookie (HttpOnly `portal_device`, bound
// to the user by the service), the client address (the API believes X-Forwarded-For only from the configured
// proxies, TRUST_PROXY; see app.ts trustProxy), the answers (429 with Retry-After, 400) and the owner's e-mail
// when a lockout begins.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, ErrorCollector, MESSAGES, badRequest } from '../../lib/errors';
import { hashPassword, passwordProblems, verifyPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { caller, forgetAuth, forgetToken, requireAuth } from '../../plugins/auth';
import { mailerFromConfig, type Mailer } from '../../mail';
import { attemptLogin, forgetLockoutNotice, type LockoutNotice } from '../../services/auth/login';
import { lockoutMail } from '../../services/auth/lockout-mail';
import { changePassword, deleteToken } from '../../services/auth/sessions';
import { logoutRoute, passwordChangeRoute, tokenRoute } from './schema';

const DEVICE_COOKIE = 'portal_device';
const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600;

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

/** 400 with every problem of a password change: the old password, the two new ones, the password rules. */
async function checkPasswordChange(
  user: { password: string; username: string },
  body: { old_password: string; new_password1: string; new_password2: string },
) {
  const { old_password, new_password1, new_password2 } = body;
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
}

export interface AuthRoutesOptions {
  /** Mailer of the owner's notice when an account's logins are throttled; default from SMTP_URL, null: none. */
  mailer?: Mailer | null;
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, opts) => {
  const { loginThrottle, passwordHashCost } = app.config;
  const mailer = opts.mailer === undefined ? mailerFromConfig(app.config.env.mail) : opts.mailer;
  if (mailer && opts.mailer === undefined) app.addHook('onClose', async () => mailer.close());

  /** Tells the owner in the background: the answer to the guess does not wait for (or reveal) the mail. */
  const notify = (notice: LockoutNotice) => {
    if (!mailer) return;
    mailer.send(lockoutMail(notice, loginThrottle.windowSeconds)).catch(async (error: unknown) => {
      app.log.warn({ err: error }, 'login lockout notice not sent');
      await forgetLockoutNotice(app.db, notice.userId).catch(() => undefined);
    });
  };
  // Compared against when the username does not exist, so both cases take the same time.
  let dummyHash: Promise<string> | undefined;

  app.post('/token/', { schema: tokenRoute(loginThrottle) }, async (request, reply) => {
    const username = request.body.username.trim();
    const { password } = request.body;
    const address = request.ip;
    const cookie = deviceCookie(request);
    dummyHash ??= hashPassword('not a password', passwordHashCost);
    const outcome = await attemptLogin(
      app.db,
      { throttle: loginThrottle, tokens: app.config.tokens },
      { username, password, address, cookie, dummyHash },
    );
    if (outcome.kind === 'busy') throw tooMany(1);
    if (outcome.kind === 'throttled') throw tooMany(outcome.wait);
    if (outcome.kind === 'failed') {
      if (outcome.notice) notify(outcome.notice);
      throw badRequest({ non_field_errors: [MESSAGES.badCredentials] });
    }
    if (outcome.device) setDeviceCookie(request, reply, outcome.device);
    return { token: outcome.token };
  });

  app.post('/rest-auth/logout/', { onRequest: requireAuth, schema: logoutRoute }, async (request) => {
    const keyHash = hashToken(String(request.headers.authorization).trim().split(/\s+/)[1]);
    await deleteToken(app.db, keyHash);
    forgetToken(app.db, keyHash);
    return { detail: 'Successfully logged out.' };
  });

  app.post(
    '/rest-auth/password/change/',
    { onRequest: requireAuth, schema: passwordChangeRoute },
    async (request) => {
      const { user } = caller(request);
      const { new_password1 } = request.body;
      await checkPasswordChange(user, request.body);
      const hash = await hashPassword(new_password1, passwordHashCost);
      const current = hashToken(String(request.headers.authorization).trim().split(/\s+/)[1]);
      await changePassword(app.db, user.id, hash, current);
      forgetAuth(app.db, user.id);
      return { detail: MESSAGES.passwordSaved };
    },
  );
};
