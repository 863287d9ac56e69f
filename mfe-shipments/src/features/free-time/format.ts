// How free time reads on screen: money in the rule's currency and the user's language (Intl.NumberFormat), and
// days left as words ("3 days left", "2 days over").
import type { TFunction } from 'i18next';
import { FREE_TIME_NS } from './i18n';

/** The locale of a portal language for numbers and money. */
const locale = (language: string) => (language.startsWith('es') ? 'es-ES' : 'en-GB');

/** `amount` in `currency` (ISO 4217) in the language's notation; '' without an amount or a currency. */
export function formatMoney(
  amount: number | null | undefined,
  currency: string | null | undefined,
  language: string,
) {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || !currency) return '';
  try {
    return new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(amount);
  } catch {
    // a code Intl does not know: the amount and the code as they are
    return `${new Intl.NumberFormat(locale(language), { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** "3 days left", "Last free day today", "2 days over"; '' without a last free day. */
export function daysLeftText(t: TFunction, daysLeft: number | null | undefined): string {
  if (daysLeft === null || daysLeft === undefined) return '';
  if (daysLeft === 0) return t('lastDay', { ns: FREE_TIME_NS });
  if (daysLeft < 0) return t('daysOver', { ns: FREE_TIME_NS, count: -daysLeft });
  return t('daysLeft', { ns: FREE_TIME_NS, count: daysLeft });
}

/** The badge tone of a state, or of days left against the user's warning days. */
export function freeTimeTone(
  state: string | null | undefined,
  daysLeft: number | null | undefined,
  warningDays = 3,
): 'danger' | 'warning' | 'ok' | 'muted' {
  // A stopped clock is done with, even when it ended over its free time (its timeline and cost say so): a red
  // "Closed" would read as something still to act on.
  if (state === 'closed') return 'muted';
  if (state === 'over' || (daysLeft !== null && daysLeft !== undefined && daysLeft < 0)) return 'danger';
  if (state === 'running')
    return daysLeft !== null && daysLeft !== undefined && daysLeft <= warningDays ? 'warning' : 'ok';
  return 'muted';
}
