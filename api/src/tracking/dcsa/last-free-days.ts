// The portal's extension of DCSA Track & Trace for a last free day the carrier sends itself. Neither T&T v2.2
// nor v3.0 has a place for it (docs/adr/0011-carrier-last-free-day.md), so an equipment event may carry, in
// both versions, at the top level of the event:
//
//   "lastFreeDays": [{"typeCode": "DEM", "date": "2025-03-14"}, {"typeCode": "DET", "date": "2025-03-24"}]
//
// DEM = demurrage (the full container at the terminal), DET = detention (the equipment out of the terminal):
// the type codes of DCSA's Arrival Notice free time. The date is the last free day in the port's calendar.
// Judged as strictly as the rest of the event: an event whose extension is anything else is refused whole,
// with the reasons (rejected_events, like any bad carrier data), never half-read.
import type { LastFreeDay } from './types';

const LAST_FREE_DAY_TYPES: readonly LastFreeDay['typeCode'][] = ['DEM', 'DET'];
/** A last free day further than this from the event that carries it is a typo, not a free time. */
const LAST_FREE_DAY_MAX_DISTANCE_DAYS = 366;

const DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date YYYY-MM-DD between 1900 and 2199, as ms at UTC midnight; null otherwise. */
export function calendarDate(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = m.slice(1).map(Number);
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const at = Date.UTC(year, month - 1, day);
  return new Date(at).getUTCDate() === day ? at : null;
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** The reasons one item of the list is refused (`where` = its path), or none. */
function itemReasons(item: unknown, where: string, eventDay: number | null, seen: Set<unknown>): string[] {
  if (!item || typeof item !== 'object' || Array.isArray(item))
    return [`${where}: must be an object {typeCode, date}`];
  const reasons: string[] = [];
  const { typeCode, date, ...rest } = item as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) reasons.push(`${where}: must have only typeCode and date (got ${extra.join(', ')})`);
  if (!LAST_FREE_DAY_TYPES.includes(typeCode as LastFreeDay['typeCode']))
    reasons.push(
      `${where}/typeCode: must be one of ${LAST_FREE_DAY_TYPES.join(', ')} (got ${shown(typeCode)})`,
    );
  else if (seen.has(typeCode)) reasons.push(`${where}/typeCode: ${typeCode as string} is given twice`);
  seen.add(typeCode);
  const day = calendarDate(date);
  if (day === null) reasons.push(`${where}/date: must be a calendar date YYYY-MM-DD (got ${shown(date)})`);
  else if (eventDay !== null && Math.abs(day - eventDay) > LAST_FREE_DAY_MAX_DISTANCE_DAYS * DAY)
    reasons.push(
      `${where}/date: must be within ${LAST_FREE_DAY_MAX_DISTANCE_DAYS} days of the eventDateTime (got ${shown(date)})`,
    );
  return reasons;
}

/**
 * Why an event's `lastFreeDays` is refused (none when absent or right). `eventType` is the event's type (only an
 * equipment event may carry it); the dates must lie within a year of the event's own date.
 */
export function lastFreeDaysReasons(event: Record<string, unknown>, eventType: unknown): string[] {
  const list = event.lastFreeDays;
  if (list === undefined) return [];
  if (eventType !== 'EQUIPMENT') return ['/lastFreeDays: only an equipment event carries last free days'];
  if (!Array.isArray(list) || list.length < 1 || list.length > LAST_FREE_DAY_TYPES.length)
    return ['/lastFreeDays: must be a list of 1 or 2 last free days {typeCode, date}'];
  // The event's own date (its local calendar day); a broken eventDateTime is refused by the schema anyway.
  const at = event.eventDateTime;
  const eventDay = typeof at === 'string' ? calendarDate(at.slice(0, 10)) : null;
  const seen = new Set<unknown>();
  return list.flatMap((item, i) => itemReasons(item, `/lastFreeDays/${i}`, eventDay, seen));
}
