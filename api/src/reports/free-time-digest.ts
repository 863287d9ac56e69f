// The digest's free-time section: the user's company's containers whose running clock (demurrage, detention or
// a combined free time) is past its last free day, and those whose last free day comes within the user's
// `free_time_warning_days`. Container, carrier, POD, last free day, days left and the cost so far in the
// clock's currency (Intl.NumberFormat in the mail's language), each linked to its shipment.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { ExportLang } from '../services/export/fields';
import { addDays } from '../tracking/free-time/dates';
import { freeTimeView, runningClock } from '../tracking/free-time/view';

/** The mail lists the first this many (the most overdue first); the counts say how many there are in all. */
const FREE_TIME_LIST_MAX = 50;

interface FreeTimeLine {
  shipmentId: string;
  container: string;
  carrier: string;
  pod: string;
  clock: 'demurrage' | 'detention' | 'combined';
  lfd: string;
  daysLeft: number;
  /** Accrued so far by the container's clocks, in `currency` (null: no tariff applies). */
  cost: number;
  currency: string | null;
}

export interface FreeTimeDigest {
  /** The user's threshold, in days. */
  warningDays: number;
  over: number;
  endingSoon: number;
  lines: FreeTimeLine[];
}

interface Row {
  id: string;
  container_number: string;
  carrier: string | null;
  pod: string | null;
  free_time: unknown;
  lfd: string;
}

/**
 * The section for user `userId` as of `today` ('YYYY-MM-DD', UTC); null when nothing is over or ending within
 * the threshold. Visible shipments of the user's company only, as the rest of the digest.
 */
export async function freeTimeDigest(
  db: Kysely<Database>,
  userId: number,
  today: string,
): Promise<FreeTimeDigest | null> {
  const profile = await db
    .selectFrom('user_profiles')
    .select(['company_id', 'free_time_warning_days'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!profile) return null;
  const warningDays = profile.free_time_warning_days;
  const until = addDays(today, warningDays);
  const where = sql`s.company_id = ${profile.company_id} AND NOT s.hidden
    AND s.free_time_lfd IS NOT NULL AND s.free_time_lfd <= ${until}::date`;
  const [{ rows: counts }, { rows }] = await Promise.all([
    sql<{
      over: string;
      soon: string;
    }>`SELECT count(*) FILTER (WHERE s.free_time_lfd < ${today}::date) AS over,
        count(*) FILTER (WHERE s.free_time_lfd >= ${today}::date) AS soon
      FROM shipments s WHERE ${where}`.execute(db),
    sql<Row>`SELECT s.id::text AS id, s.container_number, c.short_name AS carrier,
        coalesce(l.locode, l.name) AS pod, f.free_time, to_char(s.free_time_lfd, 'YYYY-MM-DD') AS lfd
      FROM shipments s
      LEFT JOIN shipment_free_time f ON f.shipment_id = s.id AND f.company_id = s.company_id
      LEFT JOIN carriers c ON c.id = s.carrier_id
      LEFT JOIN locations l ON l.id = s.pod_loc_id
      WHERE ${where}
      ORDER BY s.free_time_lfd, s.id LIMIT ${FREE_TIME_LIST_MAX}`.execute(db),
  ]);
  const over = Number(counts[0]?.over ?? 0);
  const endingSoon = Number(counts[0]?.soon ?? 0);
  if (over + endingSoon === 0) return null;
  return { warningDays, over, endingSoon, lines: rows.map((r) => lineOf(r, today)) };
}

function lineOf(r: Row, today: string): FreeTimeLine {
  const view = freeTimeView(r.free_time, today);
  const clocks = view ? (view.detention ? [view.demurrage, view.detention] : [view.demurrage]) : [];
  const running = runningClock(clocks);
  const clock =
    view?.mode === 'combined'
      ? 'combined'
      : running && running === view?.detention
        ? 'detention'
        : 'demurrage';
  const lfd = running?.lfd ?? r.lfd;
  return {
    shipmentId: r.id,
    container: r.container_number,
    carrier: r.carrier ?? '',
    pod: r.pod ?? '',
    clock,
    lfd,
    daysLeft: running?.days_left ?? Math.round((Date.parse(lfd) - Date.parse(today)) / 86_400_000),
    cost: clocks.reduce((sum, c) => sum + c.cost, 0),
    currency: view?.currency ?? null,
  };
}

type Fmt = (n: number) => string;

const WORDS = {
  en: {
    title: 'Free time (demurrage and detention)',
    over: (n: number, f: Fmt) => `${f(n)} over free time`,
    soon: (n: number, days: number, f: Fmt) =>
      `${f(n)} ${n === 1 ? 'ends' : 'end'} within ${f(days)} ${days === 1 ? 'day' : 'days'}`,
    intro: (days: number) =>
      `Containers past their last free day, and those whose last free day is within ${days} ${days === 1 ? 'day' : 'days'} (your threshold in Personal settings).`,
    more: (shown: number) => `The ${shown} most pressing are shown.`,
    headers: ['Container', 'Carrier', 'POD', 'Clock', 'Last free day', 'Days left', 'Cost so far'],
    clock: { demurrage: 'Demurrage', detention: 'Detention', combined: 'Free time' },
    noTariff: 'no tariff',
    open: 'Open',
  },
  es: {
    title: 'Tiempo libre (demora y detención)',
    over: (n: number, f: Fmt) => `${f(n)} fuera de tiempo libre`,
    soon: (n: number, days: number, f: Fmt) =>
      `${f(n)} ${n === 1 ? 'termina' : 'terminan'} en ${f(days)} ${days === 1 ? 'día' : 'días'} o menos`,
    intro: (days: number) =>
      `Contenedores que han pasado su último día libre y aquellos cuyo último día libre llega en ${days} ${days === 1 ? 'día' : 'días'} o menos (su umbral en Configuración personal).`,
    more: (shown: number) => `Se muestran los ${shown} más urgentes.`,
    headers: [
      'Contenedor',
      'Naviera',
      'POD',
      'Reloj',
      'Último día libre',
      'Días restantes',
      'Coste hasta hoy',
    ],
    clock: { demurrage: 'Demora', detention: 'Detención', combined: 'Tiempo libre' },
    noTariff: 'sin tarifa',
    open: 'Abrir',
  },
} as const;

const locale = (lang: ExportLang) => (lang === 'es' ? 'es-ES' : 'en-GB');

/** An amount in its currency, as the portal shows money ('1.500,00 €', '€1,500.00'). */
function money(lang: ExportLang, amount: number, currency: string): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency }).format(amount);
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface FreeTimeSection {
  /** For the subject: '2 over free time, 1 ends within 3 days'. */
  summary: string;
  text: string;
  html: string;
}

/** The section's words in `lang`, as text and HTML, each line linked to `portalUrl`/shipments/{id}. */
export function freeTimeSection(lang: ExportLang, d: FreeTimeDigest, portalUrl: string): FreeTimeSection {
  const w = WORDS[lang];
  const count = (n: number) => n.toLocaleString(locale(lang));
  const summary = [
    d.over > 0 && w.over(d.over, count),
    d.endingSoon > 0 && w.soon(d.endingSoon, d.warningDays, count),
  ]
    .filter(Boolean)
    .join(', ');
  const base = portalUrl.replace(/\/+$/, '');
  const rows = d.lines.map((l) => ({
    cells: [
      l.container,
      l.carrier,
      l.pod,
      w.clock[l.clock],
      l.lfd,
      count(l.daysLeft),
      l.currency ? money(lang, l.cost, l.currency) : w.noTariff,
    ],
    link: `${base}/shipments/${l.shipmentId}`,
  }));
  const more = d.over + d.endingSoon > d.lines.length ? w.more(d.lines.length) : '';
  const text = [
    `${w.title}: ${summary}`,
    w.intro(d.warningDays),
    ...(more ? [more] : []),
    '',
    w.headers.join(' | '),
    ...rows.map((r) => `${r.cells.join(' | ')}\n  ${r.link}`),
  ].join('\n');
  const html =
    `<h2>${escape(w.title)}</h2><p>${escape(`${summary}. ${w.intro(d.warningDays)}`)}</p>` +
    (more ? `<p>${escape(more)}</p>` : '') +
    `<table border="1" cellpadding="4" cellspacing="0" data-section="free-time"><thead><tr>` +
    `${[...w.headers, ''].map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead><tbody>` +
    rows
      .map(
        (r) =>
          `<tr>${r.cells.map((c) => `<td>${escape(c)}</td>`).join('')}` +
          `<td><a href="${escape(r.link)}">${escape(w.open)}</a></td></tr>`,
      )
      .join('') +
    `</tbody></table>`;
  return { summary, text, html };
}
