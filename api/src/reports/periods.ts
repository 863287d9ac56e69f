// Which period of a schedule is due at a given time (UTC): daily at the configured hour, weekly on Monday at
// that hour, monthly on the 1st at that hour. A period stays due until its end, so a portal that was down at
// the hour still sends once it is back; the run table's unique key makes it once. A period belongs to a template
// only when its send time is not before the template's schedule was set (runs.ts): the week under way when a
// weekly template is saved on a Friday is not sent; its first report is the next Monday's.
export type Schedule = 'daily' | 'weekly' | 'monthly';

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

export interface Period {
  key: string;
  /** First instant of the period's data window (the report covers what the template's filters match now). */
  start: Date;
  /** When the period's report is sent: its start at the configured hour. */
  sendAt: Date;
  label: string;
}

/** The period of `schedule` that is due at `now`, or null before the first send time of the current period. */
export function duePeriod(schedule: Schedule, now: Date, hour: number): Period | null {
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let start: Date;
  let key: string;
  if (schedule === 'daily') {
    start = midnight;
    key = `daily:${iso(start)}`;
  } else if (schedule === 'weekly') {
    const sinceMonday = (midnight.getUTCDay() + 6) % 7;
    start = new Date(midnight.getTime() - sinceMonday * DAY_MS);
    key = `weekly:${iso(start)}`;
  } else {
    start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    key = `monthly:${iso(start).slice(0, 7)}`;
  }
  const sendAt = new Date(start.getTime() + hour * 3_600_000);
  if (now < sendAt) return null;
  return { key, start, sendAt, label: key.slice(key.indexOf(':') + 1) };
}

/** The digest's period: one a day, from the configured hour. */
export function dueDigestDay(now: Date, hour: number): Period | null {
  const p = duePeriod('daily', now, hour);
  return p && { ...p, key: `digest:${p.label}` };
}
