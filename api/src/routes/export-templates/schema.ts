// Schemas of /api/export-templates/: the template and its body, and the route schemas in the order the routes are
// registered (that order is the OpenAPI document's).
import { Type } from '@sinclair/typebox';
import { errors, idWriteErrors } from '../../lib/schemas';
import { MAX_FILTER_VALUES, MAX_TEMPLATE_COLUMNS, NAME_TAKEN } from '../../services/export/templates';

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

const tags = ['export-templates'];
const security = [{ token: [] }];

/** GET /export-templates/ */
export const listRoute = {
  tags,
  security,
  summary: "The caller's export templates, by name",
  response: { 200: Type.Array(TemplateSchema), ...errors[401], ...errors[403] },
};

/** POST /export-templates/ */
export const createRoute = {
  tags,
  security,
  summary: 'Save a new template (Save as New)',
  description: `A user's template names are unique, in any case: '${NAME_TAKEN}'`,
  body: TemplateBody,
  response: { 201: TemplateSchema, ...errors[400](), ...errors[401], ...errors[403] },
};

/** GET /export-templates/:id/ */
export const detailRoute = {
  tags,
  security,
  summary: 'One template of the caller',
  params: IdParams,
  response: { 200: TemplateSchema, ...errors[401], ...errors[403], ...errors[404] },
};

/** PUT /export-templates/:id/ */
export const replaceRoute = {
  tags,
  security,
  summary: 'Replace a template (Save Template)',
  params: IdParams,
  body: TemplateBody,
  response: { 200: TemplateSchema, ...idWriteErrors() },
};

/** POST /export-templates/:id/send_now/ */
export const sendNowRoute = {
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
};

/** DELETE /export-templates/:id/ */
export const deleteRoute = {
  tags,
  security,
  summary: 'Delete a template',
  params: IdParams,
  response: { 204: Type.Null(), ...errors[401], ...errors[403], ...errors[404] },
};
