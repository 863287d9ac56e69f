import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DetailSchema, FieldErrorsSchema } from '../lib/schemas';
import { ShipmentSummarySchema, WebhookEventSchema } from '../services/webhooks/payload-schema';
import { webhookDataComponents } from '../services/webhooks/payload-data';

const API_VERSION = 'v23.09.03';

/** OpenAPI document at /api/docs/json, browsable UI at /api/docs. */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  app.addSchema(FieldErrorsSchema);
  app.addSchema(DetailSchema);
  // ERP/API integration: the webhook payloads, documented as components.
  app.addSchema(ShipmentSummarySchema);
  app.addSchema(WebhookEventSchema);
  for (const data of webhookDataComponents()) app.addSchema(data);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Container tracking portal API',
        description:
          'Authenticate with `POST /api/token/`, then send `Authorization: Token <token>`. ' +
          'Errors: `{field: [messages]}` (400) or `{detail: message}`. Lists are paged by 30 with `page`.',
        version: API_VERSION,
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The word `Token`, a space, and the token: `Token 0123…`',
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'A company API key (created by a manager on the integrations page): `Token ctp_…`. Scope `read` ' +
              'or `read_write` (tracking requests); its own rate limit per minute (429 with Retry-After and ' +
              'X-RateLimit-* headers). Webhook deliveries are described by the WebhookEvent schema.',
          },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
