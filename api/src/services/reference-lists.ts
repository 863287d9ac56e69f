// The reference lists (carriers, ports, event codes): their reads, searches, orderings and answer objects. The
// HTTP side (schemas, auth hook, replies) is routes/carriers/, routes/ports/ and routes/event-codes/.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Carrier, Database, EventCodesTable, Location } from '../db/types';
import { countRows, type PagedList } from '../lib/pagination';
import { likePattern, type Ordering } from '../lib/query-params';
import { carrierRequiresContainer } from './tracking-requests';

// --- carriers ---

/** The ordering fields of the carrier list (names sort case-insensitively). */
export const CARRIER_ORDERING = ['id', 'official_name', 'short_name', 'scac'] as const;

/** A carrier as the API shows it (never its DCSA endpoint or credentials). */
export function carrierAnswer(c: Carrier) {
  return {
    id: c.id,
    official_name: c.official_name,
    short_name: c.short_name,
    scac: c.scac,
    oicode: c.oicode,
    request_type_support: { b_id: c.supports_b_id, c_id: c.supports_c_id, m_bl: c.supports_m_bl },
    ctt_quality: { note: c.ctt_quality_note, rank: c.ctt_quality_rank },
    booking_bl_required_container: carrierRequiresContainer(c.ctt_quality_note),
  };
}

/** The active carriers whose official name, short name or SCAC contains `search`: the count and one page. */
export function carrierList(
  db: Kysely<Database>,
  search: string | undefined,
  order: Ordering<(typeof CARRIER_ORDERING)[number]>,
): PagedList<Carrier> {
  let base = db.selectFrom('carriers').where('active', '=', true);
  if (search) {
    const p = likePattern(search);
    base = base.where((eb) =>
      eb.or([eb('official_name', 'ilike', p), eb('short_name', 'ilike', p), eb('scac', 'ilike', p)]),
    );
  }
  return {
    count: () => countRows(base),
    page: (limit, offset) =>
      base
        .selectAll()
        .orderBy(order.key === 'id' ? sql.ref('id') : sql`lower(${sql.ref(order.key)})`, order.direction)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}

/** The active carrier `id`, if it is one. */
export function findActiveCarrier(db: Kysely<Database>, id: number): Promise<Carrier | undefined> {
  return db
    .selectFrom('carriers')
    .selectAll()
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
}

// --- ports (locations with a UN/LOCODE) ---

/** The ordering fields of the port list. */
export const PORT_ORDERING = ['name', 'locode', 'country_iso2', 'id'] as const;

const PORT_COLUMNS = [
  'id',
  'name',
  'locode',
  'latitude',
  'longitude',
  'timezone',
  'country_iso2',
  'display',
] as const;
type PortRow = Pick<Location, (typeof PORT_COLUMNS)[number]>;

/** A port as the API shows it (a LOCODE always, '' for none). */
export const portAnswer = (p: PortRow) => ({ ...p, locode: p.locode ?? '' });

/**
 * The ports that `search` finds (the start of the LOCODE, part of the name or display text, or the 2-letter
 * country code; exact LOCODE matches first): the count and one page.
 */
export function portList(
  db: Kysely<Database>,
  search: string | undefined,
  order: Ordering<(typeof PORT_ORDERING)[number]>,
): PagedList<PortRow> {
  let base = db.selectFrom('locations').where('locode', 'is not', null);
  if (search) {
    const p = likePattern(search);
    const upper = search.toUpperCase();
    base = base.where((eb) =>
      eb.or([
        eb('locode', 'like', `${likePattern(upper).slice(1)}`),
        eb(sql`lower(name)`, 'like', p.toLowerCase()),
        eb('display', 'ilike', p),
        eb('country_iso2', '=', upper),
      ]),
    );
  }
  return {
    count: () => countRows(base),
    page: (limit, offset) => {
      let q = base.select([...PORT_COLUMNS]);
      if (search) q = q.orderBy(sql`(locode = ${search.toUpperCase()})`, 'desc');
      return q.orderBy(order.key, order.direction).orderBy('id').limit(limit).offset(offset).execute();
    },
  };
}

/** The port `id` (a location with a LOCODE), if it is one. */
export function findPort(db: Kysely<Database>, id: number): Promise<PortRow | undefined> {
  return db
    .selectFrom('locations')
    .select([...PORT_COLUMNS])
    .where('id', '=', id)
    .where('locode', 'is not', null)
    .executeTakeFirst();
}

// --- event codes ---

export const EVENT_CODE_CATEGORIES = ['equipment', 'transport', 'shipment', 'alert'] as const;
type EventCode = Selectable<EventCodesTable>;

/** An event code as the API shows it (its id is the code). */
export const eventCodeAnswer = (e: EventCode) => ({
  id: e.code,
  code: e.code,
  code_name: e.code_name,
  description: e.description,
  description_es: e.description_es,
  only_daily: e.only_daily,
  category: e.category,
});

/**
 * The event codes by code, only those of `categories` when there are any (unknown categories are dropped, so a
 * filter of unknown ones only finds nothing): the count and one page.
 */
export function eventCodeList(db: Kysely<Database>, categories: string[]): PagedList<EventCode> {
  let base = db.selectFrom('event_codes');
  if (categories.length > 0) {
    const known = categories.filter((c): c is (typeof EVENT_CODE_CATEGORIES)[number] =>
      (EVENT_CODE_CATEGORIES as readonly string[]).includes(c),
    );
    base = known.length ? base.where('category', 'in', known) : base.where((eb) => eb.lit(false));
  }
  return {
    count: () => countRows(base),
    page: (limit, offset) => base.selectAll().orderBy('code').limit(limit).offset(offset).execute(),
  };
}

/** The event code `code`, if it is one. */
export function findEventCode(db: Kysely<Database>, code: number): Promise<EventCode | undefined> {
  return db.selectFrom('event_codes').selectAll().where('code', '=', code).executeTakeFirst();
}
