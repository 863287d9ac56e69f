// The words of the report and digest e-mails, in the recipient's language (es or en), as text and HTML.
import { HEALTH_TEXTS } from '@portal/shared-api/domain';
import type { ExportLang } from '../services/export/fields';
import { valueText } from '../lib/validation';
import type { FreeTimeSection } from './free-time-digest';

export interface MailTexts {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const number = (lang: ExportLang, n: number) => n.toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB');

type Words = { en: string; es: string };

/** `n` and the word that agrees with it: plural('es', 1, 'envío', 'envíos') → '1 envío'. */
const plural = (lang: ExportLang, n: number, one: string, other: string) =>
  `${number(lang, n)} ${n === 1 ? one : other}`;

/** The template filters' names as the Export List modal shows them. */
const FILTER_LABELS: Record<string, Words> = {
  search: { en: 'Search', es: 'Búsqueda' },
  status: { en: 'Request status', es: 'Estado de la solicitud' },
  health: { en: 'Health', es: 'Salud' },
  carrier: { en: 'Carrier', es: 'Naviera' },
  project: { en: 'Project', es: 'Proyecto' },
  ordering: { en: 'Order', es: 'Orden' },
  pol_loc: { en: 'POL', es: 'POL' },
  pod_loc: { en: 'POD', es: 'POD' },
  dta: { en: 'Days to arrival', es: 'Días hasta la llegada' },
  order_dta: { en: 'Order by days to arrival', es: 'Ordenar por días hasta la llegada' },
  dtd_min: { en: 'Days to departure, from', es: 'Días hasta la salida, desde' },
  dtd_max: { en: 'Days to departure, to', es: 'Días hasta la salida, hasta' },
  dta_min: { en: 'Days to arrival, from', es: 'Días hasta la llegada, desde' },
  dta_max: { en: 'Days to arrival, to', es: 'Días hasta la llegada, hasta' },
  last_n_days: { en: 'Last days', es: 'Últimos días' },
  exclude_hidden: { en: 'Exclude hidden', es: 'Excluir ocultos' },
};
const DATE_LABELS: Record<string, Words> = {
  eta: { en: 'ETA', es: 'ETA' },
  etd: { en: 'ETD', es: 'ETD' },
  atd: { en: 'ATD', es: 'ATD' },
  ata: { en: 'ATA', es: 'ATA' },
  last_update: { en: 'Last update', es: 'Última actualización' },
  created_at: { en: 'Created', es: 'Creado' },
  pol_departure: { en: 'POL departure', es: 'Salida de POL' },
  pod_arrival: { en: 'POD arrival', es: 'Llegada a POD' },
};
const DATE_ENDS: Record<string, Words> = {
  after: { en: 'from', es: 'desde' },
  before: { en: 'until', es: 'hasta' },
  rel_min: { en: 'from (days from today)', es: 'desde (días desde hoy)' },
  rel_max: { en: 'until (days from today)', es: 'hasta (días desde hoy)' },
};
const VALUE_WORDS: Record<string, Words> = {
  ...HEALTH_TEXTS,
  new: { en: 'New', es: 'Nueva' },
  ongoing: { en: 'Ongoing', es: 'En curso' },
  invalid: { en: 'Invalid', es: 'No válida' },
  archived: { en: 'Archived', es: 'Archivada' },
  cancelled: { en: 'Cancelled', es: 'Cancelada' },
  true: { en: 'yes', es: 'sí' },
  false: { en: 'no', es: 'no' },
};

/** 'eta_after' → 'ETA desde'; a known name in `lang`; anything else as it is. */
function filterLabel(key: string, lang: ExportLang): string {
  if (FILTER_LABELS[key]) return FILTER_LABELS[key][lang];
  const m = /^(.+?)_(after|before|rel_min|rel_max)$/.exec(key);
  if (m && DATE_LABELS[m[1]]) return `${DATE_LABELS[m[1]][lang]} ${DATE_ENDS[m[2]][lang]}`;
  return key;
}

/** Names of the ids a template's filters hold, by filter key (carrier and project ids → their names). */
export type FilterNames = Partial<Record<string, ReadonlyMap<string, string>>>;

/** The template's filters as 'Name: value, value' lines, names and known values in `lang`. */
function filterLines(
  filters: Record<string, string | string[]>,
  lang: ExportLang,
  names: FilterNames = {},
): string[] {
  return Object.entries(filters).map(([k, v]) => {
    const values = (Array.isArray(v) ? v : [v]).map((x) => names[k]?.get(x) ?? VALUE_WORDS[x]?.[lang] ?? x);
    return `${filterLabel(k, lang)}: ${values.join(', ')}`;
  });
}

export function reportText(
  lang: ExportLang,
  r: {
    name: string;
    period: string;
    rows: number;
    filters: Record<string, string | string[]>;
    link: string;
    names?: FilterNames;
  },
): MailTexts {
  const filters = filterLines(r.filters, lang, r.names);
  const es = lang === 'es';
  const subject = es ? `Informe «${r.name}» (${r.period})` : `Report "${r.name}" (${r.period})`;
  const intro = es
    ? `Adjuntamos el informe «${r.name}» del periodo ${r.period}: ${plural(lang, r.rows, 'envío', 'envíos')}.`
    : `Attached is the report "${r.name}" for ${r.period}: ${plural(lang, r.rows, 'shipment', 'shipments')}.`;
  const filtersTitle = es ? 'Filtros' : 'Filters';
  const none = es ? 'ninguno' : 'none';
  const open = es ? 'Ver la misma lista en el portal' : 'See the same list in the portal';
  const text = [
    intro,
    '',
    `${filtersTitle}: ${filters.length ? '' : none}`,
    ...filters.map((f) => `  - ${f}`),
    '',
    `${open}: ${r.link}`,
  ].join('\n');
  const html =
    `<p>${escape(intro)}</p><p><strong>${filtersTitle}:</strong> ${filters.length ? '' : none}</p>` +
    (filters.length ? `<ul>${filters.map((f) => `<li>${escape(f)}</li>`).join('')}</ul>` : '') +
    `<p><a href="${escape(r.link)}">${escape(open)}</a></p>`;
  return { subject, text, html };
}

/** A digest cell: dates as YYYY-MM-DD HH:mm, numbers with at most 2 decimals in the language's notation. */
const cellIn =
  (lang: ExportLang) =>
  (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (v instanceof Date) return v.toISOString().slice(0, 16).replace('T', ' ');
    if (typeof v === 'number')
      return v.toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 2 });
    return valueText(v);
  };

/**
 * The digest's subject counts what it holds: the shipments that need attention (health alerted) and those that
 * are only late, each said only when there is one, so a digest of late shipments never says "need attention".
 */
function digestSubject(
  lang: ExportLang,
  day: string,
  alerted: number,
  late: number,
  freeTime?: string,
): string {
  const es = lang === 'es';
  const parts = [
    alerted > 0 &&
      (es
        ? `${number(lang, alerted)} ${alerted === 1 ? 'requiere' : 'requieren'} atención`
        : `${number(lang, alerted)} ${alerted === 1 ? 'needs' : 'need'} attention`),
    late > 0 && (es ? `${number(lang, late)} con retraso` : `${number(lang, late)} late`),
    freeTime,
  ].filter(Boolean);
  return es
    ? `Alertas de sus envíos: ${parts.join(', ')} (${day})`
    : `Shipment alerts: ${parts.join(', ')} (${day})`;
}

export function digestText(
  lang: ExportLang,
  d: {
    day: string;
    rows: number;
    /** How many of the rows need attention (health alerted); the others are late. */
    alerted: number;
    headers: string[];
    lines: unknown[][];
    link: string;
    /** The free-time section (containers over or near their last free day), after the alerts. */
    freeTime?: FreeTimeSection;
  },
): MailTexts {
  const es = lang === 'es';
  const late = Math.max(0, d.rows - d.alerted);
  const subject = digestSubject(lang, d.day, d.alerted, late, d.freeTime?.summary);
  const alerts = d.rows > 0 ? alertsPart(lang, d) : { text: '', html: '' };
  const open = es ? 'Abrir el panel' : 'Open the dashboard';
  const parts = [alerts.text, d.freeTime?.text ?? ''].filter((p) => p !== '');
  const text = [...parts, `${open}: ${d.link}`].join('\n\n');
  const html = `${alerts.html}${d.freeTime?.html ?? ''}<p><a href="${escape(d.link)}">${escape(open)}</a></p>`;
  return { subject, text, html };
}

/** The late and alerted shipments: how many, then the first ones as a table. */
function alertsPart(
  lang: ExportLang,
  d: { rows: number; headers: string[]; lines: unknown[][] },
): { text: string; html: string } {
  const es = lang === 'es';
  const intro = es
    ? `${plural(lang, d.rows, 'envío va', 'envíos van')} con retraso o ${d.rows === 1 ? 'requiere' : 'requieren'} atención según sus umbrales de informe por correo.`
    : `${plural(lang, d.rows, 'shipment is', 'shipments are')} late or ${d.rows === 1 ? 'needs' : 'need'} attention by your e-mail report thresholds.`;
  const more =
    d.rows > d.lines.length
      ? es
        ? `Se muestran ${d.lines.length}; la hoja adjunta los incluye todos.`
        : `${d.lines.length} are shown; the attached sheet holds them all.`
      : '';
  const text = [
    intro,
    more,
    '',
    d.headers.join(' | '),
    ...d.lines.map((l) => l.map(cellIn(lang)).join(' | ')),
  ]
    .filter((line, i) => line !== '' || i !== 1)
    .join('\n');
  const html =
    `<p>${escape(intro)}</p>${more ? `<p>${escape(more)}</p>` : ''}` +
    `<table border="1" cellpadding="4" cellspacing="0"><thead><tr>${d.headers.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${d.lines.map((l) => `<tr>${l.map((v) => `<td>${escape(cellIn(lang)(v))}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
  return { text, html };
}
