// Reads and writes of one company's shipments for the shipment and alert-event routes: a shipment or alert
// event by id, the map points, the timeline and date history of the detail, alert events as
// answered, the one-field changes, hiding, and the custom form. The HTTP side (404 for garbage ids, the write
// check, the replies) is routes/shipments/.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types';
import { healthExpression, type HealthThresholds } from '../health';
import type { shipmentConditions } from './filters';
import { isoOrNull } from '../../lib/dates';

type Conditions = ReturnType<typeof shipmentConditions>;

/**
 * `column = id` for the bigint ids (typed apart: `Generated<BigId>` selects as the column type itself, so
 * Kysely's typed where() refuses a string).
 */
export const idIs = (column: string, id: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = ${id}`;
const idIn = (column: string, ids: string[]): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = ANY(${ids}::bigint[])`;

/** Id, hidden flag and custom form of a shipment of the company, if it is one. */
export async function findShipment(db: Kysely<Database>, companyId: number, id: string) {
  const row = await db
    .selectFrom('shipments')
    .select(['id', 'hidden', 'schema_form', 'sf_data', 'company_id'])
    .where(idIs('shipments.id', id))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row && { ...row, id: String(row.id) };
}

/** The number of shipments of the company matching the conditions (always counted). */
export async function countMatching(
  db: Kysely<Database>,
  companyId: number,
  conditions: Conditions,
): Promise<number> {
  const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM shipments
    WHERE ${sql.join([sql`shipments.company_id = ${companyId}`, ...conditions], sql` AND `)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Where the map points come from: active, positioned shipments of the company matching the conditions. */
export const mapPointsWhere = (companyId: number, conditions: Conditions) =>
  sql.join(
    [
      sql`shipments.company_id = ${companyId}`,
      sql`shipments.last_coordinates IS NOT NULL`,
      sql`shipments.lifecycle_status = 'active'`,
      ...conditions,
    ],
    sql` AND `,
  );

/** The map points as JSON text: `[{id, lng, lat, health, container_number}]`. */
export async function mapPointsJson(
  db: Kysely<Database>,
  where: ReturnType<typeof mapPointsWhere>,
  thresholds: HealthThresholds,
): Promise<string> {
  // The JSON text is built with format/string_agg: a third cheaper than json_build_object/json_agg for
  // 10,000 points (same answer: each value through to_json, null when absent).
  const number = (key: string) =>
    sql`coalesce(to_json((shipments.last_coordinates->>${sql.lit(key)})::float8)::text, 'null')`;
  const { rows } = await sql<{ points: string }>`
    SELECT '[' || coalesce(string_agg(format('{"id":%s,"lng":%s,"lat":%s,"health":"%s","container_number":%s}',
      shipments.id,
      ${number('lng')},
      ${number('lat')},
      ${healthExpression(thresholds)},
      coalesce(to_json(shipments.container_number)::text, 'null')
    ), ','), '') || ']' AS points
    FROM shipments
    WHERE ${where}`.execute(db);
  return rows[0]?.points ?? '[]';
}

/** Whether `id` is a project of the company. */
export async function isCompanyProject(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT 1 AS n FROM projects WHERE id = ${id} AND company_id = ${companyId}`.execute(db);
  return rows.length > 0;
}

/** Changes client_code, project or the hidden flag of a shipment of the company. */
export async function updateShipment(
  db: Kysely<Database>,
  companyId: number,
  id: string,
  changes: { client_code?: string; project_id?: number | null; hidden?: boolean },
): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ ...changes, modified_at: new Date() })
    .where(idIs('shipments.id', id))
    .where('company_id', '=', companyId)
    .execute();
}

/** The shipment's carrier events, oldest first, with their event code. */
export async function shipmentTimeline(db: Kysely<Database>, id: string) {
  const rows = await db
    .selectFrom('shipment_events as se')
    .innerJoin('carrier_events as ce', 'ce.id', 'se.carrier_event_id')
    .leftJoin('event_codes as ec', (join) =>
      join.onRef('ec.dcsa_event_type', '=', 'ce.event_type').onRef('ec.dcsa_type_code', '=', 'ce.type_code'),
    )
    .leftJoin('locations as l', 'l.locode', 'ce.un_location_code')
    .select([
      'ce.id',
      'ce.event_type',
      'ce.type_code',
      'ce.event_classifier',
      'ce.event_datetime',
      'ce.event_created_at',
      'ce.un_location_code',
      'se.hidden',
      'ec.code',
      'ec.code_name',
      'ec.description',
      'ec.description_es',
      'l.name as location_name',
    ])
    .where('se.shipment_id', '=', id)
    .orderBy('ce.event_datetime')
    .orderBy('ce.id')
    .execute();
  const classifier = { PLN: 'planned', EST: 'estimated', ACT: 'actual' } as const;
  return rows.map((r) => {
    const what = r.description ?? `${r.event_type} ${r.type_code}`;
    const where = r.location_name ?? r.un_location_code;
    return {
      id: Number(r.id),
      code: r.code,
      code_name: r.code_name,
      code_description: what,
      code_description_es: r.description_es ?? what,
      event_type: r.event_type,
      type_code: r.type_code,
      classifier: r.event_classifier,
      walltime: r.event_datetime.toISOString(),
      created: r.event_created_at.toISOString(),
      locode: r.un_location_code,
      location: r.location_name,
      details: {
        message: `${what} (${classifier[r.event_classifier]})${where ? ` - ${where}` : ''}`,
      },
      hidden: r.hidden,
    };
  });
}

/** The change history of the shipment's dates, newest first. */
export async function shipmentDateChanges(db: Kysely<Database>, id: string) {
  const rows = await db
    .selectFrom('milestone_date_changes')
    .select(['id', 'field', 'old_value', 'new_value', 'changed_at'])
    .where('shipment_id', '=', id)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    field: r.field,
    old_value: isoOrNull(r.old_value),
    new_value: isoOrNull(r.new_value),
    changed_at: r.changed_at.toISOString(),
  }));
}

export interface AlertEventOut {
  id: number;
  shipment: number;
  code: number;
  code_name: string;
  code_description: string;
  code_description_es: string;
  walltime: string;
  details: { message: string } & Record<string, unknown>;
  hidden: boolean;
}

/** Alert events as answered, newest first, of one shipment (or given ids). */
export async function alertEvents(
  db: Kysely<Database>,
  where: { shipmentId: string } | { ids: string[] },
): Promise<AlertEventOut[]> {
  let query = db
    .selectFrom('alert_events as a')
    .innerJoin('event_codes as c', 'c.code', 'a.code')
    .select([
      'a.id',
      'a.shipment_id',
      'a.code',
      'a.details',
      'a.walltime',
      'a.hidden',
      'c.code_name',
      'c.description',
      'c.description_es',
    ])
    .orderBy('a.walltime', 'desc')
    .orderBy('a.id', 'desc');
  query =
    'shipmentId' in where
      ? query.where('a.shipment_id', '=', where.shipmentId)
      : query.where(idIn('a.id', where.ids));
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    shipment: Number(r.shipment_id),
    code: r.code,
    code_name: r.code_name,
    code_description: r.description,
    code_description_es: r.description_es,
    walltime: r.walltime.toISOString(),
    details: r.details,
    hidden: r.hidden,
  }));
}

/** The id of an alert event of the company, if it is one. */
export async function findAlertEventId(
  db: Kysely<Database>,
  companyId: number,
  id: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('alert_events')
    .select('id')
    .where(idIs('alert_events.id', id))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row && String(row.id);
}

/** Hides or unhides one alert event. */
export async function setAlertEventHidden(db: Kysely<Database>, id: string, hidden: boolean): Promise<void> {
  await db.updateTable('alert_events').set({ hidden }).where(idIs('alert_events.id', id)).execute();
}

/** Hides or unhides every alert event of a shipment of the company; returns how many changed. */
export async function setShipmentEventsHidden(
  db: Kysely<Database>,
  companyId: number,
  shipmentId: string,
  hidden: boolean,
): Promise<number> {
  const result = await db
    .updateTable('alert_events')
    .set({ hidden })
    .where('shipment_id', '=', shipmentId)
    .where('company_id', '=', companyId)
    .where('hidden', '=', !hidden)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The company's default custom form (companies.attachment_schema_form), or null. */
export async function companyForm(db: Kysely<Database>, companyId: number): Promise<unknown> {
  const row = await db
    .selectFrom('companies')
    .select('attachment_schema_form')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row?.attachment_schema_form ?? null;
}

/** Stores a shipment's own custom form and its data (null: none). */
export async function saveShipmentForm(
  db: Kysely<Database>,
  id: string,
  form: unknown,
  data: unknown,
): Promise<void> {
  await db
    .updateTable('shipments')
    .set({
      schema_form: form === null ? null : JSON.stringify(form),
      sf_data: data === null ? null : JSON.stringify(data),
      modified_at: new Date(),
    })
    .where(idIs('shipments.id', id))
    .execute();
}
