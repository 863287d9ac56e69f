// Small helpers of the integrations page: dates in the user's language and server messages translated.
import i18next from 'i18next';
import { NS } from '../../i18n';

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const locale = i18next.language === 'en' ? 'en-GB' : 'es-ES';
  return new Date(value).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' });
}

/** A label from a map of texts whose keys contain dots (event types, server messages): no key lookup. */
export function textOf(path: string, key: string): string {
  const map = i18next.t(path, { ns: NS, returnObjects: true }) as unknown;
  if (map && typeof map === 'object' && key in (map as Record<string, string>))
    return (map as Record<string, string>)[key];
  return key;
}

/** Field errors of the integration calls in the user's language (the messages this page knows). */
export function localizeFieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors))
    out[field] = messages.map((m) => textOf('integrations.serverMessages', m));
  return out;
}
