// /api/export-templates/: a user's saved Export List choices (spec sections 2, 3 and 7). A template belongs to
// its user and company: anyone else's id is a 404. Writing needs write permission, like the Export List.
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '../../services/rate-limits';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError, notFound, permissionDenied } from '../../lib/errors';
import { mailerFromConfig, type Mailer } from '../../mail';
import { errors, idWriteErrors } from '../../lib/schemas';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import {
  checkNameFree,
  checkTemplate,
  deleteTemplate,
  getTemplate,
  insertTemplate,
  listTemplates,
  MAX_FILTER_VALUES,
  NAME_TAKEN,
  MAX_TEMPLATE_COLUMNS,
  nameClash,
  sendTemplateNow,
  serializeTemplate,
  updateTemplate,
} from '../../services/export/templates';
import { companyForm } from '../../services/shipments';

const FilterValue = Type.Union([
  Type.String({ maxLength: 200 }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
  Type.Array(Type.Union([Type.String({ maxLength: 200 }), Type.Number()]), { maxItems: MAX_FILTER_VALUES }),
]);

const TemplateBody = Type.Object(
  {
    name: Type.String({ maxLength: 150, description: 'Shown in the templates list' }),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    send_email: Type.Optional(
      Type.Union([Type.String({ maxLength: 20 }), Type.Null()], {
        description: "Schedule: 'daily', 'weekly', 'monthly' or '' (none)",
      }),
    ),
    columns: Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: MAX_TEMPLATE_COLUMNS,
      description: 'Field keys of GET shipments/export_fields/, in order (at least one)',
    }),
    filters: Type.Optional(
      Type.Record(Type.String({ maxLength: 50 }), FilterValue, {
        maxProperties: 60,
        description:
          'The shipment list filters (the query keys of GET shipments/); eta_0 / eta_1 (and etd_, last_update_, ' +
          'created_at_) are read as _after / _before',
      }),
    ),
  },
  { additionalProperties: false },
);

const TemplateSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  send_email: Type.String({ enum: ['', 'daily', 'weekly', 'monthly'] }),
  user: Type.Integer(),
  columns: Type.Array(Type.String()),
  filters: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())])),
  created_at: Type.String({ format: 'date-time' }),
  modified_at: Type.String({ format: 'date-time' }),
});

const IdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });

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

export const exportTemplateRoutes: FastifyPluginAsyncTypebox<ExportTemplatePluginOptions> = async (
  app,
  opts,
) => {
  app.addHook('onRequest', requireAuth);
  app.addHook('preValidation', requireWriter);
  const tags = ['export-templates'];
  const security = [{ token: [] }];
  let mailer: Mailer | null | undefined = opts.mailer;
  app.addHook('onClose', async () => {
    if (opts.mailer === undefined) mailer?.close();
  });
  // Only the routes that ask for it (send_now) are limited; after requireAuth, so the key is the user.
  // Counted in PostgreSQL: the same window in every API process.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(app.db, 'export-templates') });

  app.get(
    '/export-templates/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's export templates, by name",
        response: { 200: Type.Array(TemplateSchema), ...errors[401], ...errors[403] },
      },
    },
    async (request) => {
      const { user, profile } = caller(request);
      return (await listTemplates(app.db, user.id, profile.company_id)).map(serializeTemplate);
    },
  );

  app.post(
    '/export-templates/',
    {
      schema: {
        tags,
        security,
        summary: 'Save a new template (Save as New)',
        description: `A user's template names are unique, in any case: '${NAME_TAKEN}'`,
        body: TemplateBody,
        response: { 201: TemplateSchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request, reply) => {
      const { user, profile } = caller(request);
      const input = checkTemplate(request.body, await formSchemaOf(request));
      await checkNameFree(app.db, user.id, input.name, null);
      const row = await insertTemplate(app.db, user.id, profile.company_id, input).catch(nameClash);
      return reply.code(201).send(serializeTemplate(row));
    },
  );

  app.get(
    '/export-templates/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One template of the caller',
        params: IdParams,
        response: { 200: TemplateSchema, ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request) => {
      const { user, profile } = caller(request);
      const row = await getTemplate(app.db, templateId(request.params.id), user.id, profile.company_id);
      if (!row) throw notFound();
      return serializeTemplate(row);
    },
  );

  app.put(
    '/export-templates/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a template (Save Template)',
        params: IdParams,
        body: TemplateBody,
        response: { 200: TemplateSchema, ...idWriteErrors() },
      },
    },
    async (request) => {
      const { user, profile } = caller(request);
      const id = templateId(request.params.id);
      if (!(await getTemplate(app.db, id, user.id, profile.company_id))) throw notFound();
      const input = checkTemplate(request.body, await formSchemaOf(request));
      await checkNameFree(app.db, user.id, input.name, id);
      const row = await updateTemplate(app.db, id, user.id, profile.company_id, input).catch(nameClash);
      if (!row) throw notFound();
      return serializeTemplate(row);
    },
  );

  app.post(
    '/export-templates/:id/send_now/',
    {
      config: {
        rateLimit: {
          max: opts.sendNowPerMinute ?? 3,
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
        },
      },
      schema: {
        tags,
        security,
        summary: 'Mail the template’s report now',
        description:
          'Sends the report to its recipients at once (the owner and the report addresses of the profile), ' +
          'as its schedule would, without changing the schedule. At most 3 calls a minute per user (429).',
        params: IdParams,
        response: {
          200: Type.Object({ status: Type.Union([Type.Literal('sent'), Type.Literal('empty')]) }),
          ...errors[401],
          ...errors[403],
          ...errors[404],
          ...errors[429],
          503: Type.Object({ detail: Type.String() }),
        },
      },
    },
    async (request) => {
      const { user, profile } = caller(request);
      const id = templateId(request.params.id);
      if (!(await getTemplate(app.db, id, user.id, profile.company_id))) throw notFound();
      if (mailer === undefined) mailer = mailerFromConfig(app.config.env.mail);
      if (!mailer) throw new ApiError(503, { detail: MAIL_NOT_CONFIGURED });
      const { hour, portalUrl } = app.config.env.reports;
      const status = await sendTemplateNow(app.db, mailer, id, user.id, { hour, portalUrl }).catch(
        () => null,
      );
      if (status !== 'sent' && status !== 'empty') throw new ApiError(503, { detail: SEND_NOW_FAILED });
      return { status };
    },
  );

  app.delete(
    '/export-templates/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a template',
        params: IdParams,
        response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
      },
    },
    async (request, reply) => {
      const { user, profile } = caller(request);
      const deleted = await deleteTemplate(
        app.db,
        templateId(request.params.id),
        user.id,
        profile.company_id,
      );
      if (!deleted) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
