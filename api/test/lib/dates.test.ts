// Timestamps written as PostgreSQL's text (statements marked TEXT_TIMESTAMPS) come out exactly as the Dates
// node-postgres would have made of them.
import pg from 'pg';
import { isoOrNull, timeOf } from '../../src/lib/dates';

const parse = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

/** The text a session in UTC writes for `ms` (with `micro` extra microseconds), trailing zeros cut as it cuts them. */
function pgText(ms: number, micro = 0): string {
  const iso = new Date(ms).toISOString();
  const fraction = `${iso.slice(20, 23)}${String(micro).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('isoOrNull and timeOf on PostgreSQL text', () => {
  it('match node-postgres on every fraction length, whole seconds and leap days', () => {
    const base = Date.UTC(2024, 1, 29, 23, 59, 58);
    const texts: string[] = [];
    for (let ms = 0; ms < 1000; ms += 7)
      texts.push(pgText(base + ms), pgText(base + ms, 999), pgText(base + ms, 1));
    texts.push(pgText(Date.UTC(1970, 0, 1)), pgText(Date.UTC(2026, 11, 31, 23, 59, 59, 999), 500));
    expect(texts).toContain('2024-02-29 23:59:58+00');
    expect(texts.some((t) => /\.\d{6}\+00$/.test(t))).toBe(true);
    for (const text of texts) {
      expect(isoOrNull(text)).toBe(parse(text).toISOString());
      expect(timeOf(text)).toBe(parse(text).getTime());
    }
  });

  it('fall back to node-postgres for years it writes otherwise', () => {
    for (const text of ['10000-01-01 00:00:00+00', '0044-03-15 12:00:00+00 BC']) {
      expect(isoOrNull(text)).toBe(parse(text).toISOString());
      expect(timeOf(text)).toBe(parse(text).getTime());
    }
  });

  it('keep reading Dates, ISO 8601 text and nothing', () => {
    const d = new Date('2026-11-29T02:25:01.123Z');
    expect(isoOrNull(d)).toBe('2026-11-29T02:25:01.123Z');
    expect(isoOrNull('2026-11-29T02:25:01Z')).toBe('2026-11-29T02:25:01.000Z');
    expect(timeOf('2026-11-29')).toBe(Date.UTC(2026, 10, 29));
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull(undefined)).toBeNull();
  });
});
