// The route schemas of actions.ts (a shipment's alert events, hide / show, the custom form), in the order the
// routes are registered (that order is the OpenAPI document's).
import { Type, type TSchema } from '@sinclair/typebox';
import { errors } from '../../lib/schemas';
import { AlertEventSchema, AttachmentAnswerSchema, AttachmentBodySchema, IdParams } from './schema';

const writeErrors = { ...errors[401], ...errors[403], ...errors[404] };

/** GET /shipments/:id/alert_events/ */
export const alertEventsRoute = {
  tags: ['shipments'],
  summary: 'Alert events of a shipment, newest first (hidden ones included, with their flag)',
  security: [{ token: [] }],
  params: IdParams,
  response: { 200: Type.Array(AlertEventSchema), ...errors[401], ...errors[404] },
};

/** POST /shipments/:id/<action>/ (hide, show, hide_all_events, unhide_all_events) answering `answer`. */
export const actionRoute = <S extends TSchema>(summary: string, answer: S) => ({
  tags: ['shipments'],
  summary,
  security: [{ token: [] }],
  params: IdParams,
  response: { 200: answer, ...writeErrors },
});

/** POST /shipments/:id/attachment/ */
export const attachmentRoute = {
  tags: ['shipments'],
  summary: 'Save the custom form of a shipment (only when something changed)',
  description:
    'schema_form: the shipment’s own form (object), or null to use the company default ' +
    '(companies.attachment_schema_form); absent: unchanged. sf_data: the form data (object). ' +
    'Nothing is written when both are unchanged (saved: false). 400 when no form exists at all.',
  security: [{ token: [] }],
  params: IdParams,
  body: AttachmentBodySchema,
  response: { 200: AttachmentAnswerSchema, ...errors[400](), ...writeErrors },
};
