// Shipment actions: its alert events (list, hide all, unhide all), hide / show, and the custom form
// (attachment). Registered by routes/shipments under the same auth hook.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ErrorCollector } from '../../lib/errors';
import { errors } from '../../lib/schemas';
import { caller } from '../../plugins/auth';
import {
  alertEvents,
  companyForm,
  saveShipmentForm,
  setShipmentEventsHidden,
  updateShipment,
} from '../../services/shipments';
import { canonicalJson, findShipmentRef, parseId, requireWrite } from './lookup';
import {
  AlertEventSchema,
  AttachmentAnswerSchema,
  AttachmentBodySchema,
  BulkEventsAnswerSchema,
  HideAnswerSchema,
  IdParams,
} from './schema';

/** Largest custom form or form data (JSON characters). */
const MAX_FORM_JSON = 64 * 1024;

const writeErrors = { ...errors[401], ...errors[403], ...errors[404] };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown) =>
  Array.isArray(v) ? 'list' : typeof v === 'string' ? 'str' : typeof v === 'number' ? 'int' : typeof v;

export const shipmentActionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** 404 for another company's id, then 403 without write permission. */
  const writeCheck = async (request: Parameters<typeof requireWrite>[0]) => {
    await findShipmentRef(request, (request.params as { id: string }).id);
    requireWrite(request);
  };

  app.get(
    '/shipments/:id/alert_events/',
    {
      schema: {
        tags: ['shipments'],
        summary: 'Alert events of a shipment, newest first (hidden ones included, with their flag)',
        security: [{ token: [] }],
        params: IdParams,
        response: { 200: Type.Array(AlertEventSchema), ...errors[401], ...errors[404] },
      },
    },
    async (request) => {
      const ref = await findShipmentRef(request, request.params.id);
      return alertEvents(app.db, { shipmentId: ref.id });
    },
  );

  /** POST /shipments/:id/<path>/ for a writer of the shipment: `run` with its id and the caller's company. */
  const action = <S extends TSchema>(
    path: string,
    summary: string,
    answer: S,
    run: (id: string, companyId: number) => Promise<Static<S>>,
  ) =>
    app.post(
      `/shipments/:id/${path}/`,
      {
        preValidation: writeCheck,
        schema: {
          tags: ['shipments'],
          summary,
          security: [{ token: [] }],
          params: IdParams,
          response: { 200: answer, ...writeErrors },
        },
      },
      async (request) => run(parseId(request.params.id), caller(request).profile.company_id),
    );

  for (const [path, hidden, summary, detail] of [
    ['hide', true, 'Hide a shipment (left out of lists, counts and the map)', 'The Shipment has been hidden'],
    ['show', false, 'Show a hidden shipment', 'The Shipment has been showed'],
  ] as const) {
    action(path, summary, HideAnswerSchema, async (id, company) => {
      await updateShipment(app.db, company, id, { hidden });
      return { id: Number(id), hide: hidden, detail };
    });
  }
  for (const [path, hidden, summary] of [
    ['hide_all_events', true, 'Hide every alert event of the shipment'],
    ['unhide_all_events', false, 'Unhide every alert event of the shipment'],
  ] as const) {
    action(path, summary, BulkEventsAnswerSchema, async (id, company) => ({
      updated: await setShipmentEventsHidden(app.db, company, id, hidden),
      results: await alertEvents(app.db, { shipmentId: id }),
    }));
  }

  app.post(
    '/shipments/:id/attachment/',
    {
      preValidation: writeCheck,
      schema: {
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
      },
    },
    async (request) => {
      const ref = await findShipmentRef(request, request.params.id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const problems = new ErrorCollector();
      if ('schema_form' in body && body.schema_form !== null && !isPlainObject(body.schema_form)) {
        problems.add(
          'schema_form',
          `Invalid data. Expected a dictionary, but got ${typeName(body.schema_form)}.`,
        );
      }
      if (!('sf_data' in body) && !('schema_form' in body))
        problems.add('sf_data', 'This field is required.');
      if ('sf_data' in body && body.sf_data !== null && !isPlainObject(body.sf_data)) {
        problems.add('sf_data', `Invalid data. Expected a dictionary, but got ${typeName(body.sf_data)}.`);
      }
      // Bounded size (depth is bounded for every body by plugins/input-limits): a form is read by every client.
      for (const key of ['schema_form', 'sf_data'] as const) {
        if (key in body && JSON.stringify(body[key] ?? null).length > MAX_FORM_JSON) {
          problems.add(key, `Ensure this value has no more than ${MAX_FORM_JSON} characters as JSON.`);
        }
      }
      problems.throwIfAny();
      const ownForm = 'schema_form' in body ? (body.schema_form ?? null) : (ref.schema_form ?? null);
      const defaultForm = ownForm === null ? await companyForm(app.db, ref.company_id) : null;
      const form = ownForm ?? defaultForm;
      if (form === null) {
        problems.add(
          'schema_form',
          'This shipment has no custom form: neither its own nor a company default.',
        );
        problems.throwIfAny();
      }
      const data = 'sf_data' in body ? (body.sf_data ?? null) : (ref.sf_data ?? null);
      const formChanged = canonicalJson(ownForm) !== canonicalJson(ref.schema_form ?? null);
      const dataChanged = canonicalJson(data) !== canonicalJson(ref.sf_data ?? null);
      if (formChanged || dataChanged) {
        await saveShipmentForm(app.db, ref.id, ownForm, data);
      }
      return {
        saved: formChanged || dataChanged,
        schema_form: form,
        schema_form_source: ownForm !== null ? 'shipment' : 'company',
        sf_data: data,
      };
    },
  );
};
