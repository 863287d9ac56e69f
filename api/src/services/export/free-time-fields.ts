// The export's demurrage and detention fields, read in SQL from the stored snapshot (shipment_free_time.free_time,
// see tracking/free-time/stored.ts) as of the export's UTC day, as the list and the detail read it: last free
// days, days left, states, where the last free day comes from, and the cost accrued as of the daily refresh
// (shipment_free_time.demurrage_cost / detention_cost, computed_on). The side table is joined (join 'free_time')
// only when a chosen field reads it.
import { sql, type RawBuilder } from 'kysely';
import type { ExportField, ExportLang } from './fields';

type Words = Record<string, Record<ExportLang, string>>;

const TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

const CLOCK_STATES: Words = {
  not_started: { en: 'Not started', es: 'No iniciado' },
  running: { en: 'Running', es: 'En curso' },
  over: { en: 'Over free time', es: 'Fuera de tiempo libre' },
  closed: { en: 'Closed', es: 'Cerrado' },
};

const LFD_SOURCES: Words = {
  rule: { en: 'Free-time rule', es: 'Regla de tiempo libre' },
  carrier: { en: 'Carrier', es: 'Naviera' },
};

const clockPath = (clock: 'demurrage' | 'detention') => sql`(x_free_time.free_time -> ${sql.lit(clock)})`;

/** A 'YYYY-MM-DD' member of a clock as a date (anything else: null, never a cast error). */
const clockDate = (clock: 'demurrage' | 'detention', key: string): RawBuilder<unknown> => {
  const text = sql`(${clockPath(clock)} ->> ${sql.lit(key)})`;
  return sql`(CASE WHEN ${text} ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN ${text}::date END)`;
};

/** A clock's state as of today (view.ts clockState); null when the container has no such clock. */
const clockState = (clock: 'demurrage' | 'detention'): RawBuilder<unknown> => sql`(CASE
  WHEN jsonb_typeof(${clockPath(clock)}) IS DISTINCT FROM 'object' THEN NULL
  WHEN ${clockDate(clock, 'started_on')} IS NULL THEN 'not_started'
  WHEN ${clockDate(clock, 'stopped_on')} IS NOT NULL THEN 'closed'
  WHEN ${clockDate(clock, 'lfd')} < ${TODAY} THEN 'over'
  ELSE 'running' END)`;

/** The most pressing state of the two clocks: over > running > not_started > closed (view.ts). */
const overallState = (): RawBuilder<unknown> => {
  const states = sql`ARRAY[${clockState('demurrage')}, ${clockState('detention')}]`;
  return sql`(CASE
    WHEN x_free_time.free_time IS NULL THEN NULL
    WHEN 'over' = ANY(${states}) THEN 'over'
    WHEN 'running' = ANY(${states}) THEN 'running'
    WHEN 'not_started' = ANY(${states}) THEN 'not_started'
    WHEN 'closed' = ANY(${states}) THEN 'closed' END)`;
};

function field(
  key: string,
  en: string,
  es: string,
  type: ExportField['type'],
  expr: () => RawBuilder<unknown>,
  choices?: Words,
): ExportField {
  // Only the running clock's last free day (and days left) is on shipments; the rest is in shipment_free_time.
  const joins = key === 'free_time_lfd' || key === 'free_time_days_left' ? undefined : ['free_time'];
  return { key, section: 'free_time', label: { en, es }, type, expr, choices, joins };
}

/** The free-time section of the export's field catalogue. */
export function freeTimeExportFields(): ExportField[] {
  const lfdSource = (clock: 'demurrage' | 'detention') => () => sql`(${clockPath(clock)} ->> 'lfd_source')`;
  return [
    field('free_time_lfd', 'Last free day', 'Último día libre', 'date', () => sql`shipments.free_time_lfd`),
    field('free_time_days_left', 'Free days left', 'Días libres restantes', 'integer', () => {
      return sql`(shipments.free_time_lfd - ${TODAY})`;
    }),
    field('free_time_state', 'Free time', 'Tiempo libre', 'string', overallState, CLOCK_STATES),
    field('demurrage_lfd', 'Demurrage: last free day', 'Demora: último día libre', 'date', () =>
      clockDate('demurrage', 'lfd'),
    ),
    field(
      'demurrage_state',
      'Demurrage: state',
      'Demora: estado',
      'string',
      () => clockState('demurrage'),
      CLOCK_STATES,
    ),
    field(
      'demurrage_lfd_source',
      'Demurrage: last free day from',
      'Demora: último día libre según',
      'string',
      lfdSource('demurrage'),
      LFD_SOURCES,
    ),
    field('demurrage_cost', 'Demurrage: cost accrued', 'Demora: coste acumulado', 'number', () => {
      return sql`x_free_time.demurrage_cost`;
    }),
    field('detention_lfd', 'Detention: last free day', 'Detención: último día libre', 'date', () =>
      clockDate('detention', 'lfd'),
    ),
    field(
      'detention_state',
      'Detention: state',
      'Detención: estado',
      'string',
      () => clockState('detention'),
      CLOCK_STATES,
    ),
    field(
      'detention_lfd_source',
      'Detention: last free day from',
      'Detención: último día libre según',
      'string',
      lfdSource('detention'),
      LFD_SOURCES,
    ),
    field('detention_cost', 'Detention: cost accrued', 'Detención: coste acumulado', 'number', () => {
      return sql`x_free_time.detention_cost`;
    }),
    field('free_time_currency', 'Free time: currency', 'Tiempo libre: moneda', 'string', () => {
      return sql`x_free_time.currency`;
    }),
  ];
}
