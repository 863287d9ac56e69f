// The words of the report and digest e-mails, in the recipient's language (es or en), as text and HTML.
import type { ExportLang } from '../services/export/fields';

export interface MailTexts {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const number = (lang: ExportLang, n: number) => n.toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB');

function filterLines(filters: Record<string, string | string[]>): string[] {
  return Object.entries(filters).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
}

export function reportText(
  lang: ExportLang,
  r: { name: string; period: string; rows: number; filters: Record<string, string | string[]>; link: string },
): MailTexts {
  const filters = filterLines(r.filters);
  const es = lang === 'es';
  const subject = es ? `Informe «${r.name}» (${r.period})` : `Report "${r.name}" (${r.period})`;
  const intro = es
    ? `Adjuntamos el informe «${r.name}» del periodo ${r.period}: ${number(lang, r.rows)} envíos.`
    : `Attached is the report "${r.name}" for ${r.period}: ${number(lang, r.rows)} shipments.`;
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

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 16).replace('T', ' ');
  return String(v);
};

export function digestText(
  lang: ExportLang,
  d: { day: string; rows: number; headers: string[]; lines: unknown[][]; link: string },
): MailTexts {
  const es = lang === 'es';
  const subject = es
    ? `Alertas de sus envíos: ${number(lang, d.rows)} requieren atención (${d.day})`
    : `Shipment alerts: ${number(lang, d.rows)} need attention (${d.day})`;
  const intro = es
    ? `${number(lang, d.rows)} envíos van con retraso o requieren atención según sus umbrales de informe por correo.`
    : `${number(lang, d.rows)} shipments are late or need attention by your e-mail report thresholds.`;
  const more =
    d.rows > d.lines.length
      ? es
        ? `Se muestran ${d.lines.length}; la hoja adjunta los incluye todos.`
        : `${d.lines.length} are shown; the attached sheet holds them all.`
      : '';
  const open = es ? 'Abrir el panel' : 'Open the dashboard';
  const text = [
    intro,
    more,
    '',
    d.headers.join(' | '),
    ...d.lines.map((l) => l.map(cell).join(' | ')),
    '',
    `${open}: ${d.link}`,
  ]
    .filter((line, i) => line !== '' || i !== 1)
    .join('\n');
  const html =
    `<p>${escape(intro)}</p>${more ? `<p>${escape(more)}</p>` : ''}` +
    `<table border="1" cellpadding="4" cellspacing="0"><thead><tr>${d.headers.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead>` +
    `<tbody>${d.lines.map((l) => `<tr>${l.map((v) => `<td>${escape(cell(v))}</td>`).join('')}</tr>`).join('')}</tbody></table>` +
    `<p><a href="${escape(d.link)}">${escape(open)}</a></p>`;
  return { subject, text, html };
}
