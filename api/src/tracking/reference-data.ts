// Reference data loaded from packages after the migrations: the ports of `sea-ports`.
// Idempotent: ports already present (by UN/LOCODE) are left as they are.
import { sql, type Kysely } from 'kysely';
import seaPorts, { type SeaPort } from 'sea-ports';
import type { Database } from '../db/types';

export interface PortRow {
  name: string;
  locode: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  country_iso2: string;
  display: string;
}

const LOCODE = /^[A-Z]{2}[A-Z0-9]{3}$/;

function validCoordinates(port: SeaPort): [number, number] | null {
  const c = port.coordinates;
  if (!c || c.length !== 2) return null;
  const [lng, lat] = c;
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return [lng, lat];
}

/** The ports of the `sea-ports` package as location rows (one per UN/LOCODE key). */
export function seaPortRows(): PortRow[] {
  const rows: PortRow[] = [];
  for (const [locode, port] of Object.entries(seaPorts.JSON)) {
    if (!LOCODE.test(locode) || !port.name) continue;
    const coords = validCoordinates(port);
    rows.push({
      name: port.name,
      locode,
      latitude: coords ? coords[1] : null,
      longitude: coords ? coords[0] : null,
      timezone: port.timezone || null,
      country_iso2: locode.slice(0, 2),
      display: `${port.name} (${locode})`,
    });
  }
  return rows;
}

/** Inserts the sea-ports ports that are missing. Returns how many were added. */
async function seedPorts(db: Kysely<Database>): Promise<number> {
  const rows = seaPortRows();
  const column = <K extends keyof PortRow>(key: K) => rows.map((r) => r[key]);
  // One statement with arrays (unnest) instead of 1,600 parameters sets.
  const result = await sql`
    INSERT INTO locations (name, locode, latitude, longitude, timezone, country_iso2, display, kind, source)
    SELECT name, locode, latitude, longitude, timezone, country_iso2, display, 'port', 'sea-ports'
    FROM unnest(${column('name')}::text[], ${column('locode')}::text[], ${column('latitude')}::float8[],
                ${column('longitude')}::float8[], ${column('timezone')}::text[], ${column('country_iso2')}::text[],
                ${column('display')}::text[])
      AS t(name, locode, latitude, longitude, timezone, country_iso2, display)
    ON CONFLICT (locode) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Everything the tracking engine needs beyond the SQL migrations. */
export async function seedReferenceData(db: Kysely<Database>): Promise<{ ports: number }> {
  return { ports: await seedPorts(db) };
}
