// The carrier network simulator: a DCSA Track & Trace server playing many carriers, each under
// /carriers/{SCAC}/v2/... (v2.2: events, subscriptions, signed pushes) and /carriers/{SCAC}/v3/events
// (v3.0: the same journeys' events in the v3 shape, `eventUpdatedDateTimeMin`, `Next-Page-Cursor`
// paging, retractions; push to the v3 consumer endpoint `POST {callbackUrl}/events` after a
// registration at /carriers/{SCAC}/v3/event-subscriptions, which the standard leaves out and the
// portal asks in v2.2's shape; no faults there yet). Which one a carrier is polled on is the carrier's
// `dcsa_api_version`. Build it in-process (`createSimulator().app.inject` or
// `listen`) or run it on its own port (simulator/main.ts). Time is an injectable clock: events
// appear when their eventCreatedDateTime has passed. Its state is in store.ts, the events endpoints
// in events-routes.ts, subscriptions and pushes in subscriptions.ts.
import Fastify from 'fastify';
import { DCSA_V3_API_VERSION } from '../dcsa/v3';
import { registerEventRoutes } from './events-routes';
import { SIMULATOR_API_VERSION, isV3, sendError } from './http';
import { createSimulatorStore } from './store';
import { deliver, registerSubscriptionRoutes } from './subscriptions';
import type { Simulator, SimulatorOptions } from './types';

export { notificationSignature } from './subscriptions';
export type { SimulatedCarrier, Simulator, SimulatorOptions } from './types';

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const store = createSimulatorStore(options);
  const { clock, carriers, faults, subs, pending, retracted } = store;

  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addHook('onClose', async () => {
    for (const t of pending) clearTimeout(t);
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('API-Version', isV3(req.url) ? DCSA_V3_API_VERSION : SIMULATOR_API_VERSION);
  });
  app.addHook('preHandler', async (req, reply) => {
    const scac = (req.params as { scac?: string }).scac;
    if (!scac) return;
    const version = req.headers['api-version'];
    const major = isV3(req.url) ? '3' : '2';
    if (typeof version === 'string' && version.split('.')[0] !== major) {
      return sendError(
        clock,
        reply,
        400,
        `API-Version ${version} is not served here (major version ${major})`,
      );
    }
    const token = carriers[scac]?.bearerToken;
    if (token && req.headers.authorization !== `Bearer ${token}`)
      return sendError(clock, reply, 401, 'Invalid credentials');
  });
  registerEventRoutes(app, store);
  registerSubscriptionRoutes(app, store);

  return {
    app,
    clock,
    journeyFor: store.journeyFor,
    setFault: (scac, fault) => (fault ? faults.set(scac, { ...fault }) : faults.delete(scac)),
    subscriptions: () => [...subs.values()],
    deliver: () => deliver(store),
    retract: (scac, eventID, at) => {
      retracted.set(`${scac}|${eventID}`, at ?? clock.now());
    },
    setFaults: store.setCarrierFaults,
    feedOf: store.feedOf,
  };
}
