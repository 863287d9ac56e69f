// Server texts in the user's language. One approach for the whole API:
//
// - The code writes its human texts in English (the texts the spec quotes, word for word) and stores them
//   so (alert messages, request warnings, the POD warning): nothing stored depends on a language, and a
//   user who changes language sees every existing record in the new one.
// - Each request's language is its Accept-Language (shared-api sends the shell's `lang`; see ./lang.ts).
// - Texts are put into that language when they leave the API: error bodies in the error handler
//   (`localizeErrorBody`), the human-text fields of JSON answers in a preSerialization hook
//   (`localizePayload`, keys in TEXT_KEYS), spreadsheet cells by the export (`isServerTextField`).
// - The translations are the catalogue (./catalogue.ts): English templates with parameters → Spanish.
//   A text the catalogue does not know is sent as it is (a name, a carrier's own remark).
import type { FastifyInstance } from 'fastify';
import { TEMPLATES } from './catalogue';
import { requestLang, type Lang } from './lang';
import { Catalogue } from './translate';

export { langFromHeader, requestLang, type Lang } from './lang';

const catalogue = new Catalogue(TEMPLATES);

/** A server text in `lang` (English in, English out for 'en'). */
export function translate(text: string, lang: Lang): string {
  return catalogue.translate(text, lang);
}

/**
 * Keys of JSON answers whose string values are human texts made by the server: alert messages (the
 * shipment's last alert, alert events' `details.message`), request warnings (`message`), the container
 * type, the carrier quality note, the POD time-of-arrival warning, `detail` notices. Codes and values the
 * front end maps itself (status_verbose, health…) are not here.
 */
const TEXT_KEYS: ReadonlySet<string> = new Set([
  'last_alert_message',
  'message',
  'container_type_str',
  'note',
  'risk_description',
  'risk_verbose',
  'conclusion',
  'detail',
  // last_coordinates.warnings: ['estimated from the schedule'] (request warnings are objects: their `message`).
  'warnings',
]);

/** Fields of the shipment export whose cells are server texts (see services/export/fields.ts). */
const EXPORT_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'last_alert_message',
  'container_type_str',
  'pod_toa_warning_description',
  'pod_toa_warning_conclusion',
]);
export const isServerTextField = (key: string) => EXPORT_TEXT_FIELDS.has(key);

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of `value` with the strings under TEXT_KEYS in `lang` (at any depth). Objects and arrays that do
 * not change are returned as they are (never modified: answers may be cached objects).
 */
export function localizePayload<T>(value: T, lang: Lang): T {
  if (lang === 'en') return value;
  return walk(value, lang, false) as T;
}

function walk(value: unknown, lang: Lang, isText: boolean): unknown {
  if (typeof value === 'string') return isText ? catalogue.translate(value, lang) : value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || (typeof item !== 'object' && typeof item !== 'string')) continue;
      const next = walk(item, lang, isText);
      if (next !== item) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === null || (typeof item !== 'object' && typeof item !== 'string')) continue;
    const next = walk(item, lang, TEXT_KEYS.has(key));
    if (next !== item) (out ??= { ...value })[key] = next;
  }
  return out ?? value;
}

/** An error body (`{field: [messages]}`, `{detail: message}`, nested lists) with every message in `lang`. */
export function localizeErrorBody<T>(body: T, lang: Lang): T {
  if (lang === 'en') return body;
  const all = (v: unknown): unknown => {
    if (typeof v === 'string') return catalogue.translate(v, lang);
    if (Array.isArray(v)) return v.map(all);
    if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, all(x)]));
    return v;
  };
  return all(body) as T;
}

/**
 * The preSerialization hook: JSON answers in the request's language. Error answers (4xx) have every
 * message translated; others only their TEXT_KEYS. (Errors thrown as ApiError go through the error
 * handler, which calls localizeErrorBody itself.)
 */
export function registerServerTexts(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const lang = requestLang(request);
    if (lang === 'en' || payload === null || typeof payload !== 'object') return payload;
    return reply.statusCode >= 400 ? localizeErrorBody(payload, lang) : localizePayload(payload, lang);
  });
}
