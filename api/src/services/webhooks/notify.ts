// The e-mail to a company's managers when the worker disables a failing webhook endpoint, in each manager's
// e-mail language (user_profiles.email_language). Sent through the API's mailer (SMTP_URL); marked in
// disabled_notified_at once every manager's mail was accepted, retried by the sweep until then.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Mailer } from '../../mail';

const TEXTS = {
  en: {
    subject: (url: string) => `Webhook disabled: ${url}`.slice(0, 200),
    body: (url: string, since: string, link: string) =>
      [
        'Hello,',
        '',
        `The webhook endpoint ${url} has not accepted any event since ${since}, so it has been disabled.`,
        'The events since then are kept: when the endpoint works again, enable it on the integrations page',
        'and they will be sent in order.',
        '',
        link,
      ].join('\n'),
  },
  es: {
    subject: (url: string) => `Webhook desactivado: ${url}`.slice(0, 200),
    body: (url: string, since: string, link: string) =>
      [
        'Hola:',
        '',
        `El webhook ${url} no ha aceptado ningún evento desde ${since}, por lo que se ha desactivado.`,
        'Los eventos desde entonces se conservan: cuando el destino vuelva a funcionar, actívelo en la página',
        'de integraciones y se enviarán en orden.',
        '',
        link,
      ].join('\n'),
  },
} as const;

export async function notifyDisabledEndpoints(
  db: Kysely<Database>,
  mailer: Mailer | null,
  publicUrl: string | undefined,
  log: (m: string) => void,
): Promise<number> {
  if (!mailer) return 0;
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'company_id', 'url', 'failing_since', 'disabled_at'])
    .where('enabled', '=', false)
    .where('disabled_reason', '=', 'failing')
    .where('disabled_notified_at', 'is', null)
    .limit(100)
    .execute();
  let sent = 0;
  for (const ep of endpoints) {
    const { rows: managers } = await sql<{ email: string; lang: string }>`
      SELECT u.email, coalesce(p.email_language, 'es') AS lang
      FROM user_profiles p JOIN users u ON u.id = p.id
      WHERE p.company_id = ${ep.company_id} AND p.is_manager AND u.is_active AND u.email <> ''`.execute(db);
    const since =
      new Date(ep.failing_since ?? ep.disabled_at ?? Date.now())
        .toISOString()
        .replace('T', ' ')
        .slice(0, 16) + ' UTC';
    const link = `${publicUrl ?? 'http://localhost:3000'}/integrations-config`;
    try {
      for (const m of managers) {
        const t = m.lang === 'en' ? TEXTS.en : TEXTS.es;
        await mailer.send({ to: m.email, subject: t.subject(ep.url), text: t.body(ep.url, since, link) });
        sent += 1;
      }
      await db
        .updateTable('webhook_endpoints')
        .set({ disabled_notified_at: sql`now()` })
        .where('id', '=', ep.id)
        .execute();
    } catch (err) {
      log(`Webhook endpoint ${ep.id}: disable notice not sent (${(err as Error).message}); retried later.`);
    }
  }
  return sent;
}
