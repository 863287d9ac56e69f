// Sends the queued ETA changes: one e-mail per user with all of that user's pending changes, in the user's
// report language. A user's rows are claimed (FOR UPDATE SKIP LOCKED) in the transaction that sends and marks
// them, so two workers never mail the same change, and a failed send leaves them pending for the next run.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Mailer } from '../../mail';

type EtaAlertLang = 'es' | 'en';

/** Most users mailed in one run and most changes in one mail; the rest wait for the next run. */
const USERS_PER_RUN = 200;
const CHANGES_PER_MAIL = 100;

interface EtaChangeLine {
  shipmentId: string;
  container: string;
  milestone: 'pod' | 'delivery';
  old: Date;
  new: Date;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WORDS = {
  es: {
    subject: (n: number) => (n === 1 ? 'Cambio de ETA en 1 envío' : `Cambio de ETA en ${n} envíos`),
    intro: 'La llegada de estos envíos se ha movido más que su umbral:',
    pod: 'ETA en POD',
    delivery: 'ETA de entrega',
    hours: (h: string) => `${h} h`,
    open: 'Ver envío',
    footer: 'Puede cambiar o desactivar este aviso en su configuración personal.',
  },
  en: {
    subject: (n: number) => (n === 1 ? 'ETA changed for 1 shipment' : `ETA changed for ${n} shipments`),
    intro: 'The arrival of these shipments moved by more than your threshold:',
    pod: 'ETA at POD',
    delivery: 'ETA at delivery',
    hours: (h: string) => `${h} h`,
    open: 'Open shipment',
    footer: 'You can change or turn off this alert in your personal settings.',
  },
} as const;

const when = (lang: EtaAlertLang, d: Date) =>
  `${d.toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB', {
    timeZone: 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })} UTC`;

/** The signed shift in hours, one decimal at most: '+52', '-3.5'. */
function shiftHours(lang: EtaAlertLang, from: Date, to: Date): string {
  const hours = Math.round((to.getTime() - from.getTime()) / 360_000) / 10;
  const text = Math.abs(hours).toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB');
  return `${hours >= 0 ? '+' : '−'}${text}`;
}

/** Subject, text and HTML of one user's mail. */
function etaChangeMail(lang: EtaAlertLang, lines: EtaChangeLine[], portalUrl: string) {
  const w = WORDS[lang];
  const base = portalUrl.replace(/\/+$/, '');
  const rows = lines.map((l) => ({
    container: l.container,
    what: w[l.milestone],
    old: when(lang, l.old),
    new: when(lang, l.new),
    shift: w.hours(shiftHours(lang, l.old, l.new)),
    link: `${base}/shipments/${l.shipmentId}`,
  }));
  const shipments = new Set(lines.map((l) => l.shipmentId)).size;
  const text = [
    w.intro,
    '',
    ...rows.map((r) => `${r.container} · ${r.what}: ${r.old} → ${r.new} (${r.shift})\n  ${r.link}`),
    '',
    w.footer,
  ].join('\n');
  const html =
    `<p>${escape(w.intro)}</p><ul>` +
    rows
      .map(
        (r) =>
          `<li><strong>${escape(r.container)}</strong> · ${escape(r.what)}: ${escape(r.old)} → ` +
          `${escape(r.new)} (${escape(r.shift)}) — <a href="${escape(r.link)}">${escape(w.open)}</a></li>`,
      )
      .join('') +
    `</ul><p>${escape(w.footer)}</p>`;
  return { subject: w.subject(shipments), text, html };
}

interface PendingRow {
  id: string;
  shipment_id: string;
  milestone: 'pod' | 'delivery';
  old_value: Date;
  new_value: Date;
  container_number: string | null;
  visible: boolean;
}

/**
 * Mails every user with pending changes (at most USERS_PER_RUN users per call); resolves with the number of
 * mails sent. A user whose send fails keeps their changes pending and the others are still mailed; the first
 * failure is thrown at the end so the job is retried.
 */
export async function sendEtaAlerts(
  db: Kysely<Database>,
  mailer: Mailer,
  settings: { portalUrl: string },
): Promise<number> {
  const { rows: users } = await sql<{ user_id: number }>`SELECT DISTINCT user_id FROM eta_change_alerts
    WHERE sent_at IS NULL ORDER BY user_id LIMIT ${USERS_PER_RUN}`.execute(db);
  let sent = 0;
  let failure: Error | null = null;
  for (const { user_id: userId } of users) {
    try {
      if (await sendOne(db, mailer, userId, settings.portalUrl)) sent++;
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
    }
  }
  if (failure) throw failure;
  return sent;
}

async function sendOne(db: Kysely<Database>, mailer: Mailer, userId: number, portalUrl: string) {
  return db.transaction().execute(async (trx) => {
    const { rows: owners } = await sql<{
      email: string;
      is_active: boolean;
      email_language: string;
      company_id: number;
      hours: number | null;
      role_id: number | null;
    }>`SELECT u.email, u.is_active, p.email_language, p.company_id, p.eta_change_alert_hours AS hours, p.role_id
      FROM users u JOIN user_profiles p ON p.id = u.id WHERE u.id = ${userId}`.execute(trx);
    const owner = owners[0];
    // The claim: rows another worker is sending are skipped, and are no longer pending once it commits.
    const { rows } = await sql<PendingRow>`
      SELECT a.id, a.shipment_id, a.milestone, a.old_value, a.new_value, s.container_number,
             (s.company_id = ${owner?.company_id ?? 0} AND NOT s.hidden) AS visible
      FROM eta_change_alerts a JOIN shipments s ON s.id = a.shipment_id
      WHERE a.user_id = ${userId} AND a.sent_at IS NULL
      ORDER BY a.id LIMIT ${CHANGES_PER_MAIL}
      FOR UPDATE OF a SKIP LOCKED`.execute(trx);
    if (rows.length === 0) return false;
    // As the list shows them: the user's company's shipments, hidden ones left out (rechecked at send time,
    // since a user may have moved company or a shipment been hidden after the change was queued).
    const lines =
      owner?.is_active && owner.hours !== null && owner.role_id !== null && owner.email
        ? collapse(
            rows.filter((r) => r.visible),
            owner.hours,
          )
        : [];
    if (owner && lines.length > 0) {
      const lang: EtaAlertLang = owner.email_language === 'en' ? 'en' : 'es';
      const mail = etaChangeMail(lang, lines, portalUrl);
      await mailer.send({ to: owner.email, ...mail });
    }
    await sql`UPDATE eta_change_alerts SET sent_at = now()
      WHERE id = ANY(${rows.map((r) => r.id)}::bigint[])`.execute(trx);
    return lines.length > 0;
  });
}

/**
 * One line per shipment and milestone, from its first old value to its last new one; a move that came back
 * within the user's current threshold is left out.
 */
function collapse(rows: PendingRow[], hours: number): EtaChangeLine[] {
  const byKey = new Map<string, EtaChangeLine>();
  for (const r of rows) {
    const key = `${r.shipment_id}:${r.milestone}`;
    const line = byKey.get(key);
    if (line) line.new = new Date(r.new_value);
    else
      byKey.set(key, {
        shipmentId: String(r.shipment_id),
        container: r.container_number ?? '',
        milestone: r.milestone,
        old: new Date(r.old_value),
        new: new Date(r.new_value),
      });
  }
  return [...byKey.values()].filter((l) => Math.abs(l.new.getTime() - l.old.getTime()) > hours * 3_600_000);
}
