// Dates in answers, from Date objects or from the text PostgreSQL sends for a timestamptz.
import pg from 'pg';

/**
 * A timestamptz as a session in UTC writes it (every session of db/connection is): `2026-11-29 02:25:01+00`,
 * with up to six digits of fraction. Statements marked with TEXT_TIMESTAMPS get their timestamps so.
 */
const PG_UTC_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\+00$/;
/** A timestamp's text as PostgreSQL writes it (a space before the time), in any form. */
const PG_TEXT = /^\d+-\d{2}-\d{2} \d{2}:/;
/** node-postgres' own parser of that text (a Date): for what PG_UTC_TEXT does not match (years past 9999, BC). */
const parsePgTimestamp = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

/** The milliseconds of the fraction of a PG_UTC_TEXT (cut, as node-postgres cuts them), three digits. */
const millisOf = (text: string): string =>
  text.length === 22 ? '000' : `${text.slice(20, -3)}00`.slice(0, 3);

/** A Date, or text PostgreSQL gave (ISO 8601, or a timestamptz in UTC), as a Date's time in milliseconds. */
export function timeOf(d: Date | string): number {
  if (d instanceof Date) return d.getTime();
  if (!PG_UTC_TEXT.test(d)) return (PG_TEXT.test(d) ? parsePgTimestamp(d) : new Date(d)).getTime();
  return Date.UTC(
    Number(d.slice(0, 4)),
    Number(d.slice(5, 7)) - 1,
    Number(d.slice(8, 10)),
    Number(d.slice(11, 13)),
    Number(d.slice(14, 16)),
    Number(d.slice(17, 19)),
    Number(millisOf(d)),
  );
}

/**
 * A timestamp as ISO 8601 (a Date, or text PostgreSQL gave), or null when there is none. A timestamptz's text
 * is rewritten without making a Date: a list page has a few thousand of them.
 */
export function isoOrNull(d: Date | string | null | undefined): string | null {
  if (!d) return null;
  if (typeof d === 'string' && PG_UTC_TEXT.test(d)) {
    return `${d.slice(0, 10)}T${d.slice(11, 19)}.${millisOf(d)}Z`;
  }
  return new Date(typeof d === 'string' ? timeOf(d) : d.getTime()).toISOString();
}
