// The 'Where Are They?' map's data (spec sections 2 and 7): the compact form of GET shipments/coordinates/
// (one array per column, no objects per point, so 100,000 points stay a few MB and parse in milliseconds), the
// vessels carrying those containers, and the few fields the info window shows for the points clicked.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/types';
import { badRequest } from '../lib/errors';
import { healthExpression, type HealthThresholds } from './health';
import { freeTimeView, todayUtc, type FreeTimeView } from '../tracking/free-time/view';

/** Health as the compact answer codes it (index into this list). */
export const MAP_HEALTH_CODES = ['ontrack', 'delayed', 'alerted'] as const;

/** Most ids one details call accepts (an info window lists the containers of one point or one cluster). */
export const MAX_DETAIL_IDS = 200;

/**
 * The coordinates call's `format`: absent (one object per point, as before) or 'compact'; anything else is a
 * 400 `{format: [...]}`.
 */
export function wantsCompact(format: unknown): boolean {
  const value: unknown = Array.isArray(format) ? format[format.length - 1] : format;
  if (value === undefined || value === '') return false;
  if (value === 'compact') return true;
  // a query value is a string (JSON for anything else, which the parser does not make)
  const shown = (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 50);
  throw badRequest({ format: [`Select a valid choice. ${shown} is not one of the available choices.`] });
}

/** Coordinates are sent with 5 decimals (about a metre): enough for a map, a third of the text. */
const coordinate = (key: 'lng' | 'lat') =>
  sql`(round((shipments.last_coordinates->>${sql.lit(key)})::float8 * 100000) / 100000)::float8`;
const vesselCoordinate = (key: 'lng' | 'lat') =>
  sql`(round((pos->>${sql.lit(key)})::float8 * 100000) / 100000)::float8`;

/**
 * The compact map answer as JSON text, for the shipments matching `where` (the coordinates call's own
 * conditions: company, active, positioned, visible, filters):
 * `{"count": n, "id": [...], "lng": [...], "lat": [...], "health": [0|1|2...], "vessel": [index or -1...],
 *   "vessels": [{"id", "name", "lng", "lat", "next_port"}...]}`.
 * Every column array has `count` entries in the same order; `vessel` indexes `vessels` (the vessel the
 * container is on now, -1 when none). A vessel's position is its own reported position from the most recently
 * updated of its shipments, else that shipment's last position.
 */
export async function compactMapPoints(
  db: Kysely<Database>,
  where: RawBuilder<SqlBool> | RawBuilder<unknown>,
  thresholds: HealthThresholds,
): Promise<string> {
  const health = healthExpression(thresholds);
  const { rows } = await sql<{ body: string }>`
    WITH p AS MATERIALIZED (
      SELECT shipments.id,
             ${coordinate('lng')} AS lng,
             ${coordinate('lat')} AS lat,
             (CASE ${health} WHEN 'alerted' THEN 2 WHEN 'delayed' THEN 1 ELSE 0 END) AS h,
             shipments.current_vessel_id AS v,
             coalesce(shipments.current_vessel_position, shipments.last_coordinates) AS pos,
             shipments.current_vessel_nextport_id AS next_port,
             shipments.last_update
      FROM shipments
      WHERE ${where}
    ),
    v AS (
      SELECT v, (row_number() OVER (ORDER BY v) - 1)::int AS ix,
             (array_agg(pos ORDER BY last_update DESC NULLS LAST, id DESC))[1] AS pos,
             (array_agg(next_port ORDER BY (next_port IS NULL), last_update DESC NULLS LAST, id DESC))[1] AS next_port
      FROM p WHERE v IS NOT NULL GROUP BY v
    ),
    points AS (
      SELECT '"count":' || count(*)
          || ',"id":[' || coalesce(string_agg(p.id::text, ','), '')
          || '],"lng":[' || coalesce(string_agg(p.lng::text, ','), '')
          || '],"lat":[' || coalesce(string_agg(p.lat::text, ','), '')
          || '],"health":[' || coalesce(string_agg(p.h::text, ','), '')
          || '],"vessel":[' || coalesce(string_agg(coalesce(v.ix, -1)::text, ','), '') || ']' AS body
      FROM p LEFT JOIN v ON v.v = p.v
    ),
    vessels AS (
      SELECT '"vessels":[' || coalesce(string_agg(json_build_object(
               'id', v.v,
               'name', vessels.name,
               'lng', ${vesselCoordinate('lng')},
               'lat', ${vesselCoordinate('lat')},
               'next_port', CASE WHEN l.id IS NOT NULL THEN json_build_object('name', l.name, 'locode', l.locode) END
             )::text, ',' ORDER BY v.ix), '') || ']' AS body
      FROM v JOIN vessels ON vessels.id = v.v LEFT JOIN locations l ON l.id = v.next_port
    )
    SELECT '{' || points.body || ',' || vessels.body || '}' AS body FROM points, vessels`.execute(db);
  return rows[0]?.body ?? '{"count":0,"id":[],"lng":[],"lat":[],"health":[],"vessel":[],"vessels":[]}';
}

export interface MapPointDetail {
  id: number;
  container_number: string;
  carrier: string | null;
  status_text: string;
  pol: { name: string; locode: string | null } | null;
  pod: { name: string; locode: string | null } | null;
  eta: string | null;
  ata: string | null;
  health: (typeof MAP_HEALTH_CODES)[number];
  vessel: string | null;
  next_port: string | null;
  /** The clock running now (the one over first), for the info window's free-time line; null when none runs. */
  free_time: MapFreeTime | null;
}

interface MapFreeTime {
  clock: 'demurrage' | 'detention' | 'combined';
  state: 'running' | 'over';
  lfd: string | null;
  days_left: number | null;
}

/** The running clock of a container's free time (the one over first), as the info window shows it. */
function mapFreeTime(view: FreeTimeView | null): MapFreeTime | null {
  if (!view) return null;
  const clocks = [
    { clock: view.mode === 'combined' ? ('combined' as const) : ('demurrage' as const), c: view.demurrage },
    ...(view.detention ? [{ clock: 'detention' as const, c: view.detention }] : []),
  ].filter(({ c }) => c.state === 'running' || c.state === 'over');
  const pick = clocks.find(({ c }) => c.state === 'over') ?? clocks[0];
  if (!pick) return null;
  const { c } = pick;
  return { clock: pick.clock, state: c.state as MapFreeTime['state'], lfd: c.lfd, days_left: c.days_left };
}

/**
 * What the map's info window shows for the given shipments of the company (others' ids are simply absent),
 * in the order of `ids`.
 */
export async function mapPointDetails(
  db: Kysely<Database>,
  companyId: number,
  thresholds: HealthThresholds,
  ids: number[],
  now: Date = new Date(),
): Promise<MapPointDetail[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<Omit<MapPointDetail, 'free_time'> & { stored: unknown }>`
    SELECT shipments.id, shipments.container_number,
           coalesce(nullif(c.short_name, ''), c.official_name) AS carrier,
           shipments.status_text,
           CASE WHEN pol.id IS NOT NULL THEN json_build_object('name', pol.name, 'locode', pol.locode) END AS pol,
           CASE WHEN pod.id IS NOT NULL THEN json_build_object('name', pod.name, 'locode', pod.locode) END AS pod,
           to_char(shipments.eta AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS eta,
           to_char(shipments.ata AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ata,
           ${healthExpression(thresholds)} AS health,
           v.name AS vessel,
           np.name AS next_port,
           f.free_time AS stored
    FROM shipments
    LEFT JOIN shipment_free_time f ON f.shipment_id = shipments.id AND f.company_id = shipments.company_id
    LEFT JOIN carriers c ON c.id = shipments.carrier_id
    LEFT JOIN locations pol ON pol.id = shipments.pol_loc_id
    LEFT JOIN locations pod ON pod.id = shipments.pod_loc_id
    LEFT JOIN vessels v ON v.id = shipments.current_vessel_id
    LEFT JOIN locations np ON np.id = shipments.current_vessel_nextport_id
    WHERE shipments.company_id = ${companyId}
      AND shipments.id = ANY(${sql.val(ids)}::bigint[])`.execute(db);
  const order = new Map(ids.map((id, i) => [id, i]));
  const today = todayUtc(now);
  return rows
    .map(({ stored, ...r }) => ({
      ...r,
      id: Number(r.id),
      free_time: mapFreeTime(freeTimeView(stored, today)),
    }))
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
