// The e-mail to a key's owner before the key expires (EXPIRY_WARNING_DAYS ahead), once per key and expiry, in
// the owner's e-mail language. Run by the integration worker's sweep (services/webhooks/worker.ts, a pg-boss
// worker in the API process or in worker-cli) through the API's SMTP mailer. A warning is claimed with a
// short lease first, so two workers never both send it; it is marked sent once the SMTP server accepted it,
// and tried again after the lease when sending failed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Mailer } from '../../mail';

/** How long before its expiry a key's owner is warned. */
export const EXPIRY_WARNING_DAYS = 7;
/** A claimed warning not marked sent within this time (a worker died, SMTP failed) is claimed again. */
const LEASE_MINUTES = 5;

const when = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

const TEXTS = {
  en: {
    subject: (name: string) => `API key "${name}" expires soon`.slice(0, 200),
    body: (name: string, prefix: string, at: string, link: string) =>
      [
        'Hello,',
        '',
        `The API key "${name}" (${prefix}…) of your company, which you own, expires on ${at}.`,
        'After that, every system using it gets 401 answers. To keep the integration working, create a new',
        'key on the integrations page, put it in those systems, and then revoke this one.',
        '',
        link,
      ].join('\n'),
  },
  es: {
    subject: (name: string) => `La clave de API «${name}» caduca pronto`.slice(0, 200),
    body: (name: string, prefix: string, at: string, link: string) =>
      [
        'Hola:',
        '',
        `La clave de API «${name}» (${prefix}…) de su empresa, de la que usted es responsable, caduca el ${at}.`,
        'A partir de entonces, los sistemas que la usan reciben respuestas 401. Para que la integración siga',
        'funcionando, cree una clave nueva en la página de integraciones, póngala en esos sistemas y después',
        'revoque esta.',
        '',
        link,
      ].join('\n'),
  },
} as const;

/** Sends the warnings due at `now`; returns how many e-mails the SMTP server accepted. */
export async function notifyExpiringKeys(
  db: Kysely<Database>,
  mailer: Mailer | null,
  publicUrl: string | undefined,
  log: (m: string) => void,
  now: Date = new Date(),
): Promise<number> {
  if (!mailer) return 0;
  const { rows } = await sql<{
    id: number;
    name: string;
    prefix: string;
    expires_at: Date;
    email: string | null;
    lang: string | null;
    active: boolean | null;
  }>`
    WITH due AS (
      SELECT id FROM api_keys
      WHERE revoked_at IS NULL AND expires_at IS NOT NULL AND expiry_warned_at IS NULL
        AND expires_at > ${now}::timestamptz
        AND expires_at <= ${now}::timestamptz + make_interval(days => ${EXPIRY_WARNING_DAYS})
        AND (expiry_warning_lease IS NULL OR expiry_warning_lease < now())
      ORDER BY expires_at
      LIMIT 100
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE api_keys k SET expiry_warning_lease = now() + make_interval(mins => ${LEASE_MINUTES})
      FROM due WHERE k.id = due.id
      RETURNING k.id, k.name, k.prefix, k.expires_at, k.owner_id
    )
    SELECT c.id, c.name, c.prefix, c.expires_at, u.email, p.email_language AS lang, u.is_active AS active
    FROM claimed c
    LEFT JOIN users u ON u.id = c.owner_id
    LEFT JOIN user_profiles p ON p.id = c.owner_id
    ORDER BY c.expires_at`.execute(db);
  const link = `${publicUrl ?? 'http://localhost:3000'}/integrations-config`;
  let sent = 0;
  for (const key of rows) {
    try {
      if (key.active && key.email) {
        const t = key.lang === 'en' ? TEXTS.en : TEXTS.es;
        await mailer.send({
          to: key.email,
          subject: t.subject(key.name),
          text: t.body(key.name, key.prefix, when(new Date(key.expires_at)), link),
        });
        sent += 1;
      } else {
        // An owner without an address (or deactivated: the key is suspended anyway) cannot be told.
        log(`API key ${key.id} expires soon; its owner has no active e-mail address to warn.`);
      }
      await db
        .updateTable('api_keys')
        .set({ expiry_warned_at: sql`now()`, expiry_warning_lease: null })
        .where('id', '=', key.id)
        // A new expiry set meanwhile is warned about on its own.
        .where('expires_at', '=', key.expires_at)
        .execute();
    } catch (err) {
      log(`API key ${key.id}: expiry warning not sent (${(err as Error).message}); tried again later.`);
    }
  }
  return sent;
}
