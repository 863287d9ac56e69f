// Small helpers of the integrations page: timestamps as the portal shows them (YYYY-MM-DD HH:mm, local time,
// spec section 9), the expiry date field, and server messages translated.
import i18next from 'i18next';
import { formatDate, formatTimestamp } from '@portal/shared-ui';
import { NS } from '../../i18n';

/** YYYY-MM-DD HH:mm in the browser's time zone; '' for nothing. */
export const formatWhen = (value: string | null | undefined): string => formatTimestamp(value ?? '');

/** The start of a chosen day (yyyy-MM-dd) in the browser's time zone, as ISO 8601: a key expires then. */
export const localDayStart = (day: string): string => new Date(`${day}T00:00:00`).toISOString();

/** The local day (yyyy-MM-dd) of a timestamp, as the date field shows it; '' for nothing. */
export const dayOf = (value: string | null | undefined): string => formatDate(value ?? '');

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
