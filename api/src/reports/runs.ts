// Scheduled reports and alert digests: claiming the due runs (once per template and period, once per user and
// day, whatever the number of workers or restarts), and sending one run by e-mail with its xlsx.
import { Writable } from 'node:stream';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/types';
import type { Mailer } from '../mail';
import {
  alertedCondition,
  delayedCondition,
  loadThresholds,
  thresholdsOf,
  type HealthThresholds,
} from '../services/health';
import { parseShipmentFilters, resolveSearch, shipmentConditions } from '../services/shipments/filters';
import { companyForm } from '../services/shipments';
import {
  customFormFields,
  findField,
  STATIC_FIELDS,
  type ExportField,
  type ExportLang,
} from '../services/export/fields';
import { cellValue, exportQuery, streamShipmentsXlsx } from '../services/export/shipments-xlsx';
import { todayUtc } from '../tracking/free-time/view';
import { freeTimeDigest, freeTimeSection } from './free-time-digest';
import { dueDigestDay, duePeriod, type Schedule } from './periods';
import { digestText, reportText, type FilterNames, type MailTexts } from './texts';

const MAX_REPORT_ROWS = 200_000;
/** Tries of one run before it shows as failed. */
export const MAX_ATTEMPTS = 5;
/** A run being sent is leased this long: another worker leaves it alone meanwhile. */
const LEASE_SECONDS = 120;
const DIGEST_LIST_MAX = 50;

export interface ReportSettings {
  /** Hour (UTC) from which a period's report is sent. */
  hour: number;
  /** The portal's address, for the link to the list in each mail. */
  portalUrl: string;
}

/**
 * Creates the runs due at `now` that do not exist yet; returns their ids. A template takes part from the first
 * period whose send time is at or after its schedule was set (schedule_since).
 */
export async function claimDueRuns(
  db: Kysely<Database>,
  now: Date,
  settings: ReportSettings,
): Promise<string[]> {
  const ids: string[] = [];
  for (const schedule of ['daily', 'weekly', 'monthly'] as Schedule[]) {
    const period = duePeriod(schedule, now, settings.hour);
    if (!period) continue;
    const { rows } = await sql<{ id: string }>`
      INSERT INTO report_runs (kind, template_id, user_id, period)
      SELECT 'template', t.id, t.user_id, ${period.key}
      FROM export_templates t JOIN users u ON u.id = t.user_id AND u.is_active
      WHERE t.send_email = ${schedule} AND t.schedule_since <= ${period.sendAt}
      ON CONFLICT (template_id, period) WHERE kind = 'template' DO NOTHING
      RETURNING id`.execute(db);
    ids.push(...rows.map((r) => String(r.id)));
  }
  const day = dueDigestDay(now, settings.hour);
  if (day) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO report_runs (kind, user_id, period)
      SELECT 'digest', p.id, ${day.key}
      FROM user_profiles p JOIN users u ON u.id = p.id AND u.is_active
      WHERE jsonb_array_length(p.report_emails) > 0
         OR EXISTS (SELECT 1 FROM project_subscribers s WHERE s.user_id = p.id)
      ON CONFLICT (user_id, period) WHERE kind = 'digest' DO NOTHING
      RETURNING id`.execute(db);
    ids.push(...rows.map((r) => String(r.id)));
  }
  return ids;
}

/** Runs still to send (a crash or an SMTP failure left them pending), oldest first. */
export async function pendingRuns(db: Kysely<Database>, limit = 500): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM report_runs WHERE status = 'pending'
    AND (last_attempt_at IS NULL OR last_attempt_at < now() - make_interval(secs => ${LEASE_SECONDS}))
    ORDER BY id LIMIT ${limit}`.execute(db);
  return rows.map((r) => String(r.id));
}

interface RunRow {
  id: string;
  kind: 'template' | 'digest';
  template_id: number | null;
  user_id: number;
  period: string;
  attempts: number;
}

interface Owner {
  id: number;
  email: string;
  company_id: number;
  report_emails: unknown;
  email_language: string;
}

class Collector extends Writable {
  chunks: Buffer[] = [];
  _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.chunks.push(chunk);
    done();
  }
}

const validEmails = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.filter((e): e is string => typeof e === 'string' && /^[^\s@]+@[^\s@]+$/.test(e))
    : [];

/** The e-mail version of a user's thresholds (email_report_* fields). */
async function digestThresholds(
  db: Kysely<Database>,
  userId: number,
): Promise<{ t: HealthThresholds; risk: number | null }> {
  const { rows } = await sql<
    Record<string, unknown>
  >`SELECT * FROM user_profiles WHERE id = ${userId}`.execute(db);
  const p = rows[0] ?? {};
  const pick = (k: string) => p[`email_report_${k}`];
  const t = thresholdsOf({
    days_of_delay: Number(pick('days_of_delay') ?? 1),
    days_in_advance: Number(pick('days_in_advance') ?? -1),
    attention_required_event_codes: pick('attention_required_event_codes'),
    max_days_in_tsp: pick('max_days_in_tsp') as number | null,
    max_days_in_tsp_planned_initial: pick('max_days_in_tsp_planned_initial') as number | null,
    max_days_in_tsp_planned_last: pick('max_days_in_tsp_planned_last') as number | null,
    max_days_in_pol_planned_initial: pick('max_days_in_pol_planned_initial') as number | null,
    max_days_in_pol_planned_last: pick('max_days_in_pol_planned_last') as number | null,
    max_days_in_pod_planned_initial: pick('max_days_in_pod_planned_initial') as number | null,
    max_days_in_pod_planned_last: pick('max_days_in_pod_planned_last') as number | null,
    max_days_eta_pod_discrepancy: pick('max_days_eta_pod_discrepancy') as number | null,
    max_days_eta_dlv_discrepancy: pick('max_days_eta_dlv_discrepancy') as number | null,
  });
  const risk = p.email_pod_timeofarrival_warning_risk;
  return { t, risk: typeof risk === 'number' ? risk : null };
}

/** The digest's conditions: active, visible, and delayed or needing attention by the e-mail thresholds. */
async function digestConditions(db: Kysely<Database>, userId: number): Promise<RawBuilder<SqlBool>[]> {
  const { t, risk } = await digestThresholds(db, userId);
  const arms: RawBuilder<unknown>[] = [alertedCondition(t), delayedCondition(t)];
  if (risk !== null) {
    arms.push(sql`(CASE WHEN (shipments.pod_timeofarrival_warning->>'risk') ~ '^\\d{1,4}$'
      THEN (shipments.pod_timeofarrival_warning->>'risk')::integer >= ${risk} ELSE false END)`);
  }
  // A project's subscribers get its late or alerted shipments whatever their own thresholds.
  arms.push(sql`(shipments.project_id IN (SELECT s.project_id FROM project_subscribers s WHERE s.user_id = ${userId})
    AND (shipments.is_alerted OR shipments.is_delayed))`);
  return [
    sql<SqlBool>`shipments.lifecycle_status = 'active'`,
    sql<SqlBool>`NOT shipments.hidden`,
    sql<SqlBool>`(${sql.join(arms, sql` OR `)})`,
  ];
}

const DIGEST_COLUMNS = [
  'container_number',
  'carrier',
  'client_code',
  'pol_locode',
  'pod_locode',
  'eta',
  'ata',
  'eta_delta_days',
  'status_text',
  'last_alert_code',
  'last_alert_message',
];

async function writeXlsx(
  db: Kysely<Database>,
  query: RawBuilder<unknown>,
  fields: ExportField[],
  lang: ExportLang,
): Promise<{ buffer: Buffer; rows: number }> {
  const out = new Collector();
  const rows = await streamShipmentsXlsx({ db, query, fields, lang, out });
  return { buffer: Buffer.concat(out.chunks), rows };
}

/** Leases run `id` for sending; null when it is sent, failed, or being sent by someone else. */
async function leaseRun(db: Kysely<Database>, id: string): Promise<RunRow | null> {
  const { rows } = await sql<RunRow>`UPDATE report_runs SET attempts = attempts + 1, last_attempt_at = now()
    WHERE id = ${id} AND status = 'pending'
      AND (last_attempt_at IS NULL OR last_attempt_at < now() - make_interval(secs => ${LEASE_SECONDS}))
    RETURNING id, kind, template_id, user_id, period, attempts`.execute(db);
  return rows[0] ?? null;
}

/**
 * Sends run `id`. Resolves with its new status; throws when delivery failed and should be retried (the run
 * stays pending until MAX_ATTEMPTS, then shows as failed with the error).
 */
export async function sendRun(
  db: Kysely<Database>,
  mailer: Mailer,
  id: string,
  settings: ReportSettings,
): Promise<'sent' | 'empty' | 'failed' | 'skipped'> {
  const run = await leaseRun(db, id);
  if (!run) return 'skipped';
  // The lease is renewed while this worker builds and sends the mail: a large report or a slow SMTP server
  // must not let the lease lapse mid-send, or the next tick's job (another worker) would send it again. A dead
  // worker stops renewing, and its run is taken over LEASE_SECONDS later.
  const renew = setInterval(
    () => {
      void sql`UPDATE report_runs SET last_attempt_at = now() WHERE id = ${id} AND status = 'pending'`
        .execute(db)
        .catch(() => undefined);
    },
    (LEASE_SECONDS * 1000) / 4,
  );
  renew.unref();
  try {
    const { rows: owners } =
      await sql<Owner>`SELECT u.id, u.email, p.company_id, p.report_emails, p.email_language
      FROM users u JOIN user_profiles p ON p.id = u.id WHERE u.id = ${run.user_id}`.execute(db);
    const owner = owners[0];
    if (!owner) throw new Error('the user of this run no longer exists');
    const lang: ExportLang = owner.email_language === 'en' ? 'en' : 'es';
    const message =
      run.kind === 'template'
        ? await templateMail(db, run, owner, lang, settings)
        : await digestMail(db, run, owner, lang, settings);
    if (!message) {
      await sql`UPDATE report_runs SET status = 'empty', rows = 0 WHERE id = ${id}`.execute(db);
      return 'empty';
    }
    await mailer.send({
      to: message.recipients,
      subject: message.texts.subject,
      text: message.texts.text,
      html: message.texts.html,
      // A digest with only its free-time section has no sheet to attach.
      attachments: message.buffer
        ? [
            {
              filename: message.filename,
              content: message.buffer,
              contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            },
          ]
        : [],
    });
    await sql`UPDATE report_runs SET status = 'sent', sent_at = now(), rows = ${message.rows},
      recipients = ${message.recipients}::text[], error = NULL WHERE id = ${id}`.execute(db);
    return 'sent';
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const final = run.attempts >= MAX_ATTEMPTS;
    // Released at once for the queue's retry (backoff is the queue's); failed after the last try.
    await sql`UPDATE report_runs SET error = ${text.slice(0, 1000)}, last_attempt_at = NULL,
      status = ${final ? 'failed' : 'pending'} WHERE id = ${id}`.execute(db);
    if (final) return 'failed';
    throw error;
  } finally {
    clearInterval(renew);
  }
}

interface Outgoing {
  recipients: string[];
  texts: MailTexts;
  filename: string;
  buffer: Buffer | null;
  rows: number;
}

/** The mail of one run (null: nothing to send). */
type MailOf = (
  db: Kysely<Database>,
  run: RunRow,
  owner: Owner,
  lang: ExportLang,
  settings: ReportSettings,
) => Promise<Outgoing | null>;

/** The carriers and the company's projects a template's filters name by id, by their names (the mail's words). */
async function filterNames(
  db: Kysely<Database>,
  companyId: number,
  filters: Record<string, string | string[]>,
): Promise<FilterNames> {
  const ids = (key: string) =>
    ([] as string[])
      .concat(filters[key] ?? [])
      .filter((v) => /^\d{1,9}$/.test(v))
      .map(Number);
  const names: FilterNames = {};
  const carriers = ids('carrier');
  if (carriers.length) {
    const { rows } = await sql<{ id: number; name: string }>`SELECT id,
        coalesce(nullif(short_name, ''), official_name) AS name
      FROM carriers WHERE id = ANY(${carriers}::integer[])`.execute(db);
    names.carrier = new Map(rows.map((r) => [String(r.id), r.name]));
  }
  const projects = ids('project');
  if (projects.length) {
    const { rows } = await sql<{ id: number; name: string }>`SELECT id, name FROM projects
      WHERE company_id = ${companyId} AND id = ANY(${projects}::integer[])`.execute(db);
    names.project = new Map(rows.map((r) => [String(r.id), r.name]));
  }
  return names;
}

const templateMail: MailOf = async (db, run, owner, lang, settings) => {
  const { rows: templates } = await sql<{
    name: string;
    columns: string[];
    filters: Record<string, string | string[]>;
  }>`
    SELECT name, columns, filters FROM export_templates WHERE id = ${run.template_id}`.execute(db);
  const template = templates[0];
  if (!template) throw new Error('the template of this run no longer exists');
  const custom = customFormFields(await companyForm(db, owner.company_id));
  const fields = template.columns
    .map((k) => findField(k, custom))
    .filter((f): f is ExportField => Boolean(f));
  if (fields.length === 0) throw new Error('the template has no column left to export');
  const now = new Date();
  const filters = parseShipmentFilters(template.filters, now);
  await resolveSearch(db, filters);
  const thresholds = await loadThresholds(db, owner.id);
  const conditions = shipmentConditions(filters, thresholds, now, owner.company_id);
  const { rows: counted } = await sql<{ count: string }>`SELECT count(*) AS count FROM shipments
    WHERE ${sql.join([sql`shipments.company_id = ${owner.company_id}`, ...conditions], sql` AND `)}`.execute(
    db,
  );
  const count = Number(counted[0]?.count ?? 0);
  if (count > MAX_REPORT_ROWS)
    throw new Error(`too many shipments for one report (${count}; at most ${MAX_REPORT_ROWS})`);
  const { buffer, rows } = await writeXlsx(
    db,
    exportQuery(owner.company_id, thresholds, filters, conditions, fields),
    fields,
    lang,
  );
  const recipients = [...new Set([owner.email, ...validEmails(owner.report_emails)].filter(Boolean))];
  if (recipients.length === 0) throw new Error('the user has no e-mail address');
  const names = await filterNames(db, owner.company_id, template.filters);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(template.filters))
    for (const one of Array.isArray(v) ? v : [v]) query.append(k, one);
  return {
    recipients,
    texts: reportText(lang, {
      name: template.name,
      period: run.period.slice(run.period.indexOf(':') + 1),
      rows,
      filters: template.filters,
      names,
      link: `${settings.portalUrl.replace(/\/+$/, '')}/shipments${query.size ? `?${query.toString()}` : ''}`,
    }),
    filename: `${template.name.replace(/[^\w.\- ]+/g, '_').slice(0, 80) || 'report'}-${run.period.replace(':', '-')}.xlsx`,
    buffer,
    rows,
  };
};

const digestMail: MailOf = async (db, run, owner, lang, settings) => {
  const conditions = await digestConditions(db, owner.id);
  const fields = DIGEST_COLUMNS.map((k) => STATIC_FIELDS.find((f) => f.key === k)!);
  fields.push(STATIC_FIELDS.find((f) => f.key === 'health')!);
  const filters = parseShipmentFilters({ ordering: 'eta' });
  const thresholds = (await digestThresholds(db, owner.id)).t;
  const query = exportQuery(owner.company_id, thresholds, filters, conditions, fields);
  const { rows: preview } = await sql<
    Record<string, unknown>
  >`SELECT * FROM (${query}) q LIMIT ${DIGEST_LIST_MAX}`.execute(db);
  const freeTime = await freeTimeDigest(db, owner.id, todayUtc());
  if (preview.length === 0 && !freeTime) return null; // nothing matches: nothing is sent
  const { buffer, rows } =
    preview.length > 0 ? await writeXlsx(db, query, fields, lang) : { buffer: null, rows: 0 };
  const recipients = validEmails(owner.report_emails);
  if (recipients.length === 0 && owner.email) recipients.push(owner.email);
  const lines = preview.map((r) => fields.map((f, i) => cellValue(f, r[`c${i}`], lang)));
  // the subject tells the shipments that need attention from those only late (health is the last column)
  const { rows: alertedRows } = await sql<{ n: string }>`SELECT count(*) AS n FROM (${query}) q
    WHERE ${sql.ref(`q.c${fields.length - 1}`)} = 'alerted'`.execute(db);
  return {
    recipients,
    texts: digestText(lang, {
      day: run.period.slice(run.period.indexOf(':') + 1),
      rows,
      alerted: Number(alertedRows[0]?.n ?? 0),
      headers: fields.map((f) => f.label[lang]),
      lines,
      link: `${settings.portalUrl.replace(/\/+$/, '')}/dashboard`,
      freeTime: freeTime ? freeTimeSection(lang, freeTime, settings.portalUrl) : undefined,
    }),
    filename: `${lang === 'es' ? 'alertas' : 'alerts'}-${run.period.slice(run.period.indexOf(':') + 1)}.xlsx`,
    buffer,
    rows,
  };
};
