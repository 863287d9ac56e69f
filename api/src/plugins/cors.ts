// CORS: remotes run alone in development call the API directly from another localhost port.
import type { FastifyInstance } from 'fastify';

const LOCALHOST = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

/**
 * `origins` undefined or empty: any http://localhost:* or http://127.0.0.1:* origin.
 * Otherwise the listed origins exactly; `*` allows any origin.
 */
function corsOriginCheck(origins?: string[]): (origin: string) => boolean {
  if (!origins || origins.length === 0) return (origin) => LOCALHOST.test(origin);
  if (origins.includes('*')) return () => true;
  const allowed = new Set(origins.map((o) => o.replace(/\/$/, '')));
  return (origin) => allowed.has(origin);
}

export function registerCors(app: FastifyInstance, origins?: string[]): void {
  const allowed = corsOriginCheck(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Expose-Headers', 'Content-Disposition, Retry-After');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      reply.header(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Accept-Language',
      );
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
