// Builds the Fastify app in layers: error shapes and CORS, OpenAPI, the database, then the routes.
// `server.ts` only starts the database and listens; tests call `buildApp(...)` and `app.inject`.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { createDb } from './db/connection';
import type { Database } from './db/types';
import { DEFAULT_SCRYPT_N } from './lib/passwords';
import { validatorCompiler } from './lib/validation';
import { registerCors } from './plugins/cors';
import { registerErrorHandling } from './plugins/errors';
import { registerSwagger } from './plugins/swagger';
import { authRoutes } from './routes/auth';
import { currentUserRoutes } from './routes/current-user';
import { dcsaCallbackRoutes } from './routes/dcsa-callback';
import { healthRoutes } from './routes/health';
import { userProfileRoutes } from './routes/user-profiles';
import { shipmentRoutes } from './routes/shipments';
import { eventRoutes } from './routes/events';
import { bulkImportRoutes } from './routes/bulk-import';
import { carrierRoutes } from './routes/carriers';
import { codeTypeRoutes } from './routes/code-types';
import { eventCodeRoutes } from './routes/event-codes';
import { portRoutes } from './routes/ports';
import { projectRoutes } from './routes/projects';
import { teamRoutes } from './routes/teams';
import { trackingRequestRoutes } from './routes/tracking-requests';
import { exportRoutes } from './routes/exports';
import { exportTemplateRoutes } from './routes/export-templates';
import { reports } from './reports';
import { userRoutes } from './routes/users';
import type { AppConfig, LoginThrottle } from './types';

export interface BuildAppOptions {
  /** A Kysely instance owned by the caller (not closed with the app)... */
  db?: Kysely<Database>;
  /** ...or a connection string: the app opens a pool and closes it on `app.close()`. */
  databaseUrl?: string;
  /** Fastify logger option (default: off). */
  logger?: FastifyServerOptions['logger'];
  /** Allowed CORS origins; default any http://localhost:* and http://127.0.0.1:* origin. */
  corsOrigins?: string[];
  /** Trust X-Forwarded-* (behind a proxy) for the client address used by login throttling. */
  trustProxy?: boolean;
  /** Default 5 failures per username, 20 per address, in 15 minutes. */
  loginThrottle?: Partial<LoginThrottle>;
  /** scrypt N for new password hashes (default 2^15). */
  passwordHashCost?: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottle = {
  perUsername: 5,
  perAddress: 20,
  windowSeconds: 15 * 60,
};

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // No info line per request; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { ignoreDuplicateSlashes: true },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  const config: AppConfig = {
    loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, ...opts.loginThrottle },
    passwordHashCost: opts.passwordHashCost ?? DEFAULT_SCRYPT_N,
  };
  app.decorate('config', config);

  // External layer.
  registerErrorHandling(app);
  registerCors(app, opts.corsOrigins);
  await registerSwagger(app);

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
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
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
      await api.register(exportTemplateRoutes);
      await api.register(reports);
      await api.register(eventRoutes);
    },
    { prefix: '/api' },
  );
  return app;
}
