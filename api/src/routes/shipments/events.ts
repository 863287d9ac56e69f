// /api/events/{id}/hide/ and /unhide/: hide or unhide one alert event of the caller's company. A visible
// event counts for health ('Attention required'); a hidden one does not.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { alertEvents, setAlertEventHidden } from '../../services/shipments';
import { findAlertEvent, requireWrite } from './lookup';
import { AlertEventSchema, EventIdParams } from './schema';

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireAuth);

  for (const [path, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    app.post(
      `/events/:id/${path}/`,
      {
        preValidation: async (request) => {
          await findAlertEvent(request, request.params.id);
          requireWrite(request);
        },
        schema: {
          tags: ['shipments'],
          summary: hidden ? 'Hide an alert event' : 'Unhide an alert event',
          security: [{ token: [] }],
          params: EventIdParams,
          response: { 200: AlertEventSchema, ...errors[401], ...errors[403], ...errors[404] },
        },
      },
      async (request) => {
        const id = await findAlertEvent(request, request.params.id);
        await setAlertEventHidden(app.db, id, hidden);
        const [event] = await alertEvents(app.db, { ids: [id] });
        return event;
      },
    );
  }
};
