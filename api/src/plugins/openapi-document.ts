// The API's OpenAPI document as built, without serving anything (the database is never asked): what the
// contract generator (scripts/openapi-types.ts) and the document's own tests (test/openapi-*.test.ts) read.
import { buildApp } from '../app';

export async function builtOpenApiDocument(): Promise<unknown> {
  // No background work: the scheduler and the webhook worker would connect to the database.
  process.env.REPORTS_SCHEDULER = '0';
  const app = await buildApp({
    databaseUrl: 'postgres://openapi@127.0.0.1:1/none',
    webhooks: { worker: false },
  });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}
