// Event-code descriptions come from the API as templates in both languages ('No carrier update for {days}
// days' / 'Sin actualización de la naviera en {days} días'). Every screen shows them through these functions,
// so no '{days}' ever reaches the user.

import type { EventCode } from '@portal/shared-api';

/** The wording of an event code (GET event-codes/), in either language. */
export type CodeDescription = Partial<Pick<EventCode, 'description' | 'description_es'>>;

/** The description in the chosen language (English when the code has no Spanish wording). */
export function localizedDescription(
  english: string | null | undefined,
  spanish: string | null | undefined,
  language: string,
): string {
  return (language.startsWith('es') && spanish ? spanish : english) ?? '';
}

/**
 * Fills '{days}' and the like: from `details` (an event's own values), else the first number of its message;
 * without an event (a code in a picker) the placeholder reads as 'N' ('No carrier update for N days').
 */
export function fillPlaceholders(text: string, details?: Record<string, unknown> | null): string {
  const values = details ?? {};
  const message = values.message;
  // a message that is neither text nor a number has no number to take
  const firstNumber = /-?\d+(\.\d+)?/.exec(
    typeof message === 'string' || typeof message === 'number' ? String(message) : '',
  )?.[0];
  const filled = text.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return firstNumber ?? 'N';
  });
  // One day is singular in both languages: 'moved by 1 day', 'movida 1 día'.
  return filled.replace(
    /(^|[^\d.])(-?1) (days|días)(?![\p{L}])/gu,
    (_, before: string, n: string, unit: string) => `${before}${n} ${unit === 'days' ? 'day' : 'día'}`,
  );
}

/** An event code as a picker shows it: '906 · No carrier update for N days'. */
export function eventCodeLabel(code: CodeDescription & { code: number }, language: string): string {
  return `${code.code} · ${fillPlaceholders(localizedDescription(code.description, code.description_es, language))}`;
}
