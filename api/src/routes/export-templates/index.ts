// /api/export-templates/: a user's saved Export List choices (spec sections 2, 3 and 7). A template belongs to
// its user and company: anyone else's id is a 404. Writing needs write permission, like the Export List.
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../../services/rate-limits';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError, notFound, permissionDenied } from '../../lib/errors';
import { mailerFromConfig, type Mailer } from '../../mail';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import {
  checkNameFree,
  checkTemplate,
  deleteTemplate,
  getTemplate,
  insertTemplate,
  listTemplates,
  nameClash,
  sendTemplateNow,
  serializeTemplate,
  updateTemplate,
} from '../../services/export/templates';
import { companyForm } from '../../services/shipments';
import { createRoute, deleteRoute, detailRoute, listRoute, replaceRoute, sendNowRoute } from './schema';

/** A positive int4 written plainly (no sign, no leading zero, no spaces), else 404. */
function templateId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}

async function requireWriter(request: FastifyRequest) {
  if (!canWrite(caller(request).profile.role_id)) throw permissionDenied();
}

/** The caller's company's custom form (the template's custom-field columns are checked against it). */
const formSchemaOf = (request: FastifyRequest) =>
  companyForm(request.server.db, caller(request).profile.company_id);

export interface ExportTemplatePluginOptions {
  /** The mailer of send_now (tests); default from SMTP_URL, created on first use. */
  mailer?: Mailer | null;
  /** send_now calls per user and minute (default 3). */
  sendNowPerMinute?: number;
}

const SEND_NOW_FAILED = 'The report could not be sent now; it will be sent again in a few minutes.';
const MAIL_NOT_CONFIGURED = 'E-mail is not configured on this server.';

/** send_now's limit: `max` calls a minute per user, answered 429 with Retry-After in the API's error shape. */
const sendNowRateLimit = (max: number) => ({
  max,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => `send-now:${caller(request).user.id}`,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    return new ApiError(
      429,
      { detail: `Request was throttled. Expected available in ${seconds} seconds.` },
      { 'Retry-After': String(seconds) },
    );
  },
});

/** The caller's template `rawId` (404 for a malformed id or anyone else's template). */
async function ownTemplate(request: FastifyRequest, rawId: string) {
  const { user, profile } = caller(request);
  const id = templateId(rawId);
  if (!(await getTemplate(request.server.db, id, user.id, profile.company_id))) throw notFound();
  return id;
}

export const exportTemplateRoutes: FastifyPluginAsyncTypebox<ExportTemplatePluginOptions> = async (
  app,
  opts,
) => {
  app.addHook('onRequest', requireAuth);
  app.addHook('preValidation', requireWriter);
  let mailer: Mailer | null | undefined = opts.mailer;
  app.addHook('onClose', async () => {
    if (opts.mailer === undefined) mailer?.close();
  });
  // Only the routes that ask for it (send_now) are limited; after requireAuth, so the key is the user.
  // Counted in PostgreSQL: the same window in every API process.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(app.db, 'export-templates') });

  app.get('/export-templates/', { schema: listRoute }, async (request) => {
    const { user, profile } = caller(request);
    return (await listTemplates(app.db, user.id, profile.company_id)).map(serializeTemplate);
  });

  app.post('/export-templates/', { schema: createRoute }, async (request, reply) => {
    const { user, profile } = caller(request);
    const input = checkTemplate(request.body, await formSchemaOf(request));
    await checkNameFree(app.db, user.id, input.name, null);
    const row = await insertTemplate(app.db, user.id, profile.company_id, input).catch(nameClash);
    return reply.code(201).send(serializeTemplate(row));
  });

  app.get('/export-templates/:id/', { schema: detailRoute }, async (request) => {
    const { user, profile } = caller(request);
    const row = await getTemplate(app.db, templateId(request.params.id), user.id, profile.company_id);
    if (!row) throw notFound();
    return serializeTemplate(row);
  });

  app.put('/export-templates/:id/', { schema: replaceRoute }, async (request) => {
    const { user, profile } = caller(request);
    const id = await ownTemplate(request, request.params.id);
    const input = checkTemplate(request.body, await formSchemaOf(request));
    await checkNameFree(app.db, user.id, input.name, id);
    const row = await updateTemplate(app.db, id, user.id, profile.company_id, input).catch(nameClash);
    if (!row) throw notFound();
    return serializeTemplate(row);
  });

  app.post(
    '/export-templates/:id/send_now/',
    { config: { rateLimit: sendNowRateLimit(opts.sendNowPerMinute ?? 3) }, schema: sendNowRoute },
    async (request) => {
      const id = await ownTemplate(request, request.params.id);
      if (mailer === undefined) mailer = mailerFromConfig(app.config.env.mail);
      if (!mailer) throw new ApiError(503, { detail: MAIL_NOT_CONFIGURED });
      const { hour, portalUrl } = app.config.env.reports;
      const userId = caller(request).user.id;
      const status = await sendTemplateNow(app.db, mailer, id, userId, { hour, portalUrl }).catch(() => null);
      if (status !== 'sent' && status !== 'empty') throw new ApiError(503, { detail: SEND_NOW_FAILED });
      return { status };
    },
  );

  app.delete('/export-templates/:id/', { schema: deleteRoute }, async (request, reply) => {
    const { user, profile } = caller(request);
    const deleted = await deleteTemplate(app.db, templateId(request.params.id), user.id, profile.company_id);
    if (!deleted) throw notFound();
    return reply.code(204).send(null);
  });
};
