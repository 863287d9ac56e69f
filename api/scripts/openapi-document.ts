// The API's OpenAPI document as built, without serving anything (the database is never asked): what the
// contract generator (scripts/openapi-types.ts) and the document's own tests (test/openapi-*.test.ts) read.
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

export async function builtOpenApiDocument(): Promise<unknown> {
  // The defaults, not the caller's environment: the document is the same wherever it is generated, and with no
  // SMTP_URL no scheduler or mail job starts (they would connect to the database). No webhook worker either.
  const defaults = loadConfig({});
  const app = await buildApp({
    databaseUrl: 'postgres://openapi@127.0.0.1:1/none',
    config: { ...defaults, reports: { ...defaults.reports, scheduler: false } },
    webhooks: { worker: false },
  });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}
