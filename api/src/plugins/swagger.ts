import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DetailSchema, FieldErrorsSchema } from '../lib/schemas';

export const API_VERSION = 'v23.09.03';

/** OpenAPI document at /api/docs/json, browsable UI at /api/docs. */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  app.addSchema(FieldErrorsSchema);
  app.addSchema(DetailSchema);
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
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
