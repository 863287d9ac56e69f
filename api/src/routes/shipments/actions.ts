// Shipment actions: its alert events (list, hide all, unhide all), hide / show, and the custom form
// (attachment). Registered by routes/shipments under the same auth hook.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { caller } from '../../plugins/auth';
import { alertEvents, setShipmentEventsHidden, updateShipment } from '../../services/shipments';
import { actionRoute, alertEventsRoute, attachmentRoute } from './actions-schema';
import { saveAttachment } from './attachment';
import { findShipmentRef, parseId, requireWrite } from './lookup';
import { BulkEventsAnswerSchema, HideAnswerSchema } from './schema';

export const shipmentActionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** 404 for another company's id, then 403 without write permission. */
  const writeCheck = async (request: Parameters<typeof requireWrite>[0]) => {
    await findShipmentRef(request, (request.params as { id: string }).id);
    requireWrite(request);
  };

  app.get('/shipments/:id/alert_events/', { schema: alertEventsRoute }, async (request) => {
    const ref = await findShipmentRef(request, request.params.id);
    return alertEvents(app.db, { shipmentId: ref.id });
  });

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
        schema: actionRoute(summary, answer),
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
    { preValidation: writeCheck, schema: attachmentRoute },
    async (request) => {
      const ref = await findShipmentRef(request, request.params.id);
      return saveAttachment(app.db, ref, request.body ?? {});
    },
  );
};
