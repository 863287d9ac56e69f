// What a shipment row refers to (locations, vessels, carrier, project, the company's default form) as JSON, for
// serializeShipments (./serializer): carried by the rows of a list (lookupsColumn: one round trip for the page)
// or read for all the rows at once (queryLookups).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LEG_NUMBERS, LOCATION_KEYS } from '@portal/shared-api/domain';
import type { Database } from '../../db/types';
import type { RowNeeds } from './row-needs';
import type { LocationOut, SerializeOptions, ShipmentRow, VesselOut } from './serializer';

let projectsTable: Promise<boolean> | null = null;
/** Whether the projects table exists (migration 0004); asked again until it does. */
export function hasProjectsTable(db: Kysely<Database>): Promise<boolean> {
  projectsTable ??= sql<{ ok: boolean }>`SELECT to_regclass('projects') IS NOT NULL AS ok`
    .execute(db)
    .then((r) => Boolean(r.rows[0]?.ok))
    .catch(() => false);
  return projectsTable.then((ok) => {
    if (!ok) projectsTable = null;
    return ok;
  });
}

export interface Lookups {
  locations: Array<Omit<LocationOut, 'lat' | 'lng'>> | null;
  vessels: VesselOut[] | null;
  carriers: Array<{ id: number; official_name: string; short_name: string; scac: string }> | null;
  projects: Array<{ id: number; name: string }> | null;
  form: unknown;
}

const LOCATION_JSON = sql`json_build_object('id', l.id, 'name', l.name, 'locode', l.locode,
  'latitude', l.latitude, 'longitude', l.longitude, 'timezone', l.timezone, 'country_iso2', l.country_iso2,
  'display', l.display)`;
const VESSEL_JSON = sql`json_build_object('id', v.id, 'name', v.name, 'imo', v.imo)`;
const CARRIER_JSON = sql`json_build_object('id', c.id, 'official_name', c.official_name,
  'short_name', c.short_name, 'scac', c.scac)`;

/**
 * A JSON array of `object` for the rows of `table` (aliased as `object` reads it) whose id is one of `ids`
 * (column references of the row), each once: one scan of the primary key for them all. Null when none is found.
 */
const byIds = (table: RawBuilder<unknown>, object: RawBuilder<unknown>, ids: RawBuilder<unknown>) =>
  sql`(SELECT json_agg(${object}) FROM ${table} WHERE id = ANY(ARRAY[${ids}]))`;

/**
 * A `lookups` column for a select on `shipments`: the row's locations, vessels, carrier, project (when the
 * projects table exists) and the company's default form as JSON, so serializeShipments needs no extra
 * query (lists: one round trip for the page).
 */
export function lookupsColumn(options: { projects: boolean; companyId?: number; needs?: RowNeeds | null }) {
  const { needs } = options;
  const locationColumns = needs?.locations ?? [
    ...LOCATION_KEYS.map((k) => `${k}_id`),
    'current_vessel_nextport_id',
  ];
  const vesselColumns = needs?.vessels ?? [
    ...LEG_NUMBERS.map((i) => `leg${i}_vessel_id`),
    'current_vessel_id',
  ];
  const ids = (columns: string[]) => sql.join(columns.map((c) => sql.ref(`shipments.${c}`)));
  return sql<Lookups>`json_build_object(
    'locations', ${
      locationColumns.length ? byIds(sql`locations l`, LOCATION_JSON, ids(locationColumns)) : sql`NULL::json`
    },
    'vessels', ${
      vesselColumns.length ? byIds(sql`vessels v`, VESSEL_JSON, ids(vesselColumns)) : sql`NULL::json`
    },
    'carriers', ${
      needs && !needs.carriers
        ? sql`NULL::json`
        : sql`(SELECT json_agg(${CARRIER_JSON}) FROM carriers c WHERE c.id = shipments.carrier_id)`
    },
    'projects', ${
      options.projects && (!needs || needs.projects)
        ? sql`(SELECT json_agg(json_build_object('id', p.id, 'name', p.name)) FROM projects p
                WHERE p.id = shipments.project_id)`
        : sql`NULL::json`
    },
    'form', ${
      options.companyId === undefined || (needs && !needs.form)
        ? sql`NULL::jsonb`
        : sql`(SELECT attachment_schema_form FROM companies WHERE id = ${options.companyId})`
    })`;
}

/** The lookups carried by the rows themselves (lookupsColumn), merged; null when a row has none. */
export function embeddedLookups(rows: readonly ShipmentRow[]): Lookups | null {
  const locations: NonNullable<Lookups['locations']> = [];
  const vessels: VesselOut[] = [];
  const carriers: NonNullable<Lookups['carriers']> = [];
  const projects: NonNullable<Lookups['projects']> = [];
  let form: unknown = null;
  for (const r of rows) {
    const l = r.lookups;
    if (!l) return null;
    locations.push(...(l.locations ?? []));
    vessels.push(...(l.vessels ?? []));
    carriers.push(...(l.carriers ?? []));
    projects.push(...(l.projects ?? []));
    form = l.form ?? null;
  }
  return { locations, vessels, carriers, projects, form };
}

/** One query for all the locations, vessels, carriers and projects of `rows` and the company's form. */
export async function queryLookups(
  db: Kysely<Database>,
  rows: readonly ShipmentRow[],
  options: Pick<SerializeOptions, 'companyId'>,
): Promise<Lookups> {
  const locationIds = new Set<number>();
  const vesselIds = new Set<number>();
  const carrierIds = new Set<number>();
  const projectIds = new Set<number>();
  for (const r of rows) {
    for (const k of LOCATION_KEYS) {
      const id = r[`${k}_id`];
      if (id !== null) locationIds.add(id);
    }
    if (r.current_vessel_nextport_id !== null) locationIds.add(r.current_vessel_nextport_id);
    for (const i of LEG_NUMBERS) {
      const v = r[`leg${i}_vessel_id`];
      if (v !== null) vesselIds.add(v);
    }
    if (r.current_vessel_id !== null) vesselIds.add(r.current_vessel_id);
    carrierIds.add(r.carrier_id);
    if (r.project_id !== null) projectIds.add(r.project_id);
  }
  const withProjects = projectIds.size > 0 && (await hasProjectsTable(db));
  const { rows: found } = await sql<Lookups>`
    SELECT
      (SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'locode', l.locode, 'latitude', l.latitude,
                'longitude', l.longitude, 'timezone', l.timezone, 'country_iso2', l.country_iso2, 'display', l.display))
         FROM locations l WHERE l.id = ANY(${[...locationIds]}::integer[])) AS locations,
      (SELECT json_agg(json_build_object('id', v.id, 'name', v.name, 'imo', v.imo))
         FROM vessels v WHERE v.id = ANY(${[...vesselIds]}::integer[])) AS vessels,
      (SELECT json_agg(json_build_object('id', c.id, 'official_name', c.official_name, 'short_name', c.short_name,
                'scac', c.scac))
         FROM carriers c WHERE c.id = ANY(${[...carrierIds]}::integer[])) AS carriers,
      ${
        withProjects
          ? sql`(SELECT json_agg(json_build_object('id', p.id, 'name', p.name)) FROM projects p
                  WHERE p.id = ANY(${[...projectIds]}::integer[]))`
          : sql`NULL::json`
      } AS projects,
      ${
        options.companyId === undefined
          ? sql`NULL::jsonb`
          : sql`(SELECT attachment_schema_form FROM companies WHERE id = ${options.companyId})`
      } AS form`.execute(db);
  return found[0];
}
