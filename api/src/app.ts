// Builds the Fastify app in layers: error shapes and CORS, OpenAPI, the database, then the routes.
// `server.ts` only starts the database and listens; tests call `buildApp(...)` and `app.inject`.
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { loadConfig, type Config } from './config';
import { configureListCache } from './services/shipments/list-cache';
import { createDb } from './db/connection';
import type { Database } from './db/types';
import { DEFAULT_SCRYPT_N } from './lib/passwords';
import { mailerFromConfig } from './mail';
import { validatorCompiler } from './lib/validation';
import { registerCors } from './plugins/cors';
import { registerErrorHandling } from './plugins/errors';
import { registerServerTexts, requestLang, translate } from './i18n';
import { registerInputLimits } from './plugins/input-limits';
import { registerReadOnlyFields } from './plugins/read-only-fields';
import { registerIdempotency } from './plugins/idempotency';
import { registerSwagger } from './plugins/swagger';
import { authRoutes } from './routes/auth';
import { currentUserRoutes } from './routes/user-profiles/current-user';
import { dcsaCallbackRoutes } from './routes/dcsa-callback';
import { healthRoutes } from './routes/health';
import { userProfileRoutes } from './routes/user-profiles';
import { shipmentRoutes } from './routes/shipments';
import { mapPointRoutes } from './routes/map-points';
import { eventRoutes } from './routes/shipments/events';
import { bulkImportRoutes } from './routes/bulk-import';
import { carrierRoutes } from './routes/carriers';
import { codeTypeRoutes } from './routes/code-types';
import { eventCodeRoutes } from './routes/event-codes';
import { portRoutes } from './routes/ports';
import { projectRoutes, teamRoutes } from './routes/groups';
import { trackingRequestRoutes } from './routes/tracking-requests';
import { exportRoutes } from './routes/shipments/exports';
import { exportTemplateRoutes } from './routes/export-templates';
import { reports } from './reports';
import { userRoutes } from './routes/users';
import { profileBuildsSettled } from './services/health-profiles';
import type { AppConfig, LoginThrottle, TokenPolicy } from './types';

export interface BuildAppOptions {
  /** A Kysely instance owned by the caller (not closed with the app)... */
  db?: Kysely<Database>;
  /** ...or a connection string: the app opens a pool and closes it on `app.close()`. */
  databaseUrl?: string;
  /** Fastify logger option (default: off). */
  logger?: FastifyServerOptions['logger'];
  /** Allowed CORS origins; default any http://localhost:* and http://127.0.0.1:* origin. */
  corsOrigins?: string[];
  /**
   * Which proxies' X-Forwarded-For is believed for the client address (login throttling, contact limit): `true`
   * any, `false` none, or addresses / CIDRs / 'loopback'. Default none: any process that reaches the API
   * directly (a local one included) could otherwise name its own address; `npm start` names the portal's server.
   */
  trustProxy?: boolean | string | string[];
  /** Default 5 failures per username and address, 25 per username, 20 per address, in 15 minutes. */
  loginThrottle?: Partial<LoginThrottle>;
  /** Mailer of the notice to an account's owner when its logins are throttled (default from SMTP_URL). */
  loginMailer?: import('./mail').Mailer | null;
  /** scrypt N for new password hashes (default 2^15). */
  passwordHashCost?: number;
  /** The settings from the environment (config.ts); default: `loadConfig()`, read when the app is built. */
  config?: Config;
  /** Token expiry; default TOKEN_IDLE_MINUTES (720) and TOKEN_MAX_AGE_HOURS (168) from the environment. */
  tokens?: Partial<TokenPolicy>;
  /** Public origin for absolute links (PUBLIC_URL); default: from the trusted request. */
  publicUrl?: string;
  /** Webhooks: the delivery worker and URL policy (routes/webhooks). */
  webhooks?: import('./routes/webhooks').WebhookPluginOptions;
  /** Calendar feeds: the rate limit and size of GET calendar/<secret>.ics (routes/calendar-feeds). */
  calendar?: import('./routes/calendar-feeds').CalendarPluginOptions;
  /** Tracking links: the rate limit of GET public/tracking/<token>/ (routes/share-links). */
  publicTracking?: import('./routes/share-links').PublicTrackingPluginOptions;
  /** Export templates: the mailer and rate limit of send_now (routes/export-templates). */
  exportTemplates?: import('./routes/export-templates').ExportTemplatePluginOptions;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottle = {
  perUsername: 5,
  // 25 in 15 minutes: at most 100 failures an hour on one account (OWASP ASVS 2.2.1), far above an owner's typos.
  perAccount: 25,
  perAddress: 20,
  windowSeconds: 15 * 60,
};

/** The trustProxy option of Fastify from ours: default no proxy (the socket's address is the client's). */
export function trustProxySetting(value: BuildAppOptions['trustProxy']): boolean | string[] {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  const list = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  return list;
}

/** The routes of /api/, in the order of the OpenAPI document. */
async function apiRoutes(api: FastifyInstance, opts: BuildAppOptions, env: Config): Promise<void> {
  await api.register(healthRoutes);
  await api.register(authRoutes, { mailer: opts.loginMailer });
  await api.register(currentUserRoutes);
  await api.register(userProfileRoutes);
  await api.register(dcsaCallbackRoutes);
  await api.register(carrierRoutes);
  await api.register(eventCodeRoutes);
  await api.register(portRoutes);
  await api.register(codeTypeRoutes);
  await api.register(projectRoutes);
  await api.register(userRoutes);
  await api.register(teamRoutes);
  await api.register(trackingRequestRoutes);
  await api.register(bulkImportRoutes);
  await api.register(shipmentRoutes);
  await api.register(exportRoutes);
  await api.register(exportTemplateRoutes, opts.exportTemplates ?? {});
  await api.register(reports);
  await api.register((await import('./services/eta-alerts/worker')).etaAlerts);
  await api.register(mapPointRoutes);
  await api.register(eventRoutes);
  await api.register((await import('./routes/bi')).biRoutes);
  await api.register((await import('./routes/rejected-events')).rejectedEventRoutes);
  await api.register((await import('./routes/contact')).contactRoutes, {
    prefix: '/products',
    mailer: mailerFromConfig(env.mail),
    salesAddress: env.contact.salesAddress,
    rateLimit: env.contact.rateLimit,
  });
  await api.register((await import('./routes/api-keys')).apiKeyRoutes);
  await api.register((await import('./routes/webhooks')).webhookRoutes, opts.webhooks ?? {});
  const calendar = await import('./routes/calendar-feeds');
  await api.register(calendar.calendarFeedRoutes);
  await api.register(calendar.calendarRoutes, opts.calendar ?? {});
  await api.register((await import('./routes/carrier-detection')).carrierDetectionRoutes);
  const shareLinks = await import('./routes/share-links');
  await api.register(shareLinks.shareLinkRoutes);
  await api.register(shareLinks.publicTrackingRoutes, opts.publicTracking ?? {});
  await api.register((await import('./routes/free-time-rules')).freeTimeRuleRoutes);
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // No info line per request; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY; none unless configured).
    trustProxy: trustProxySetting(opts.trustProxy),
    routerOptions: { ignoreDuplicateSlashes: true },
    // Router errors (malformed URL, over-long parameter) in the API's error shape.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const raw = reply as unknown as FastifyReply;
      const detail = translate(tooLong ? 'URL too long.' : 'Malformed URL.', requestLang(request));
      void raw
        .code(tooLong ? 414 : 400)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ detail }));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  const env = opts.config ?? loadConfig();
  const config: AppConfig = {
    loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, ...opts.loginThrottle },
    passwordHashCost: opts.passwordHashCost ?? DEFAULT_SCRYPT_N,
    tokens: { ...env.tokens, ...opts.tokens },
    publicUrl: (opts.publicUrl ?? env.publicUrl)?.replace(/\/+$/, '') || undefined,
    env,
  };
  app.decorate('config', config);
  // The shipments answer cache is one per process (services/shipments/list-cache.ts): it takes the settings of
  // the config the app is built with, so a config passed in here (not only the environment) decides it.
  configureListCache(env.shipmentsCache);

  // External layer.
  registerErrorHandling(app);
  registerServerTexts(app);
  registerCors(app, opts.corsOrigins);
  registerInputLimits(app);
  // before the routes: it reads each PUT/PATCH route's schemas as the route is added
  registerReadOnlyFields(app);
  registerIdempotency(app);
  await registerSwagger(app);

  // Health profiles built in the background finish on the database before it closes.
  app.addHook('preClose', profileBuildsSettled);
  // Database.
  if (opts.db) {
    app.decorate('db', opts.db);
  } else if (opts.databaseUrl) {
    const handle = createDb(opts.databaseUrl);
    app.decorate('db', handle.db);
    app.addHook('onClose', async () => handle.close());
  } else {
    throw new Error('buildApp needs `db` or `databaseUrl`');
  }
  app.decorateRequest('auth', null);

  // Routes, all under /api/.
  await app.register(async (api) => apiRoutes(api, opts, env), { prefix: '/api' });
  return app;
}
