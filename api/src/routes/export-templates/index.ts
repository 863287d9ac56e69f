// /api/export-templates/: a user's saved Export List choices (spec sections 2, 3 and 7). A template belongs to
// its user and company: anyone else's id is a 404. Writing needs write permission, like the Export List.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { notFound, permissionDenied } from '../../lib/errors';
import { errors, idWriteErrors } from '../../lib/schemas';
import { caller, canWrite, requireAuth } from '../../plugins/auth';
import {
  checkTemplate,
  deleteTemplate,
  getTemplate,
  insertTemplate,
  listTemplates,
  MAX_FILTER_VALUES,
  MAX_TEMPLATE_COLUMNS,
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

export const exportTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);
  app.addHook('preValidation', requireWriter);
  const tags = ['export-templates'];
  const security = [{ token: [] }];

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
        body: TemplateBody,
        response: { 201: TemplateSchema, ...errors[400](), ...errors[401], ...errors[403] },
      },
    },
    async (request, reply) => {
      const { user, profile } = caller(request);
      const input = checkTemplate(request.body, await formSchemaOf(request));
      const row = await insertTemplate(app.db, user.id, profile.company_id, input);
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
      const row = await updateTemplate(app.db, id, user.id, profile.company_id, input);
      if (!row) throw notFound();
      return serializeTemplate(row);
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
