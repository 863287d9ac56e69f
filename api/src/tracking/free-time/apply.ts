// Writes the free-time columns of shipments (migration 0033) from their dates, the company's rules and the
// carrier's own last free days, and emits the free-time webhook events. Called by the engine after each shipment
// upsert (inside its transaction), by the background recompute of a company whose rules changed and by the daily
// refresh of running clocks. Rows whose columns come out the same are not written.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { containerTypeGroup } from './container-type';
import { matchRule, toRule, type FreeTimeRule } from './rules';
import { computeFreeTime, freeTimeColumns, type ContainerDates } from './snapshot';
import { parseStored } from './stored';
import { freeTimeEvents, type FreeTimeEvent } from './notify';
import { todayUtc } from './view';

type Db = Kysely<Database> | Transaction<Database>;

interface ShipmentRow {
  id: string;
  company_id: number;
  carrier_id: number;
  tracking_request_id: number;
  pod_locode: string | null;
  container_type_iso: string | null;
  container_type_str: string | null;
  discharge: string | null;
  discharge_est: string | null;
  gate_out: string | null;
  gate_out_est: string | null;
  delivery: string | null;
  delivery_est: string | null;
  empty_return: string | null;
  empty_return_est: string | null;
  carrier_demurrage_lfd: string | null;
  carrier_detention_lfd: string | null;
  free_time: unknown;
}

const day = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
/** The expected day of an event: its latest plan, else the prediction. */
const estimate = (milestone: string, extra = '') =>
  day(`coalesce(s.${milestone}_planned_last, s.${milestone}_prediction${extra})`);

async function loadShipments(db: Db, ids: readonly string[]): Promise<ShipmentRow[]> {
  const result = await sql<ShipmentRow>`
    SELECT s.id::text AS id, s.company_id, s.carrier_id, s.tracking_request_id, l.locode AS pod_locode,
      s.container_type_iso, s.container_type_str,
      ${day('s.pod_discharge_actual')} AS discharge, ${estimate('pod_discharge', ', s.eta')} AS discharge_est,
      ${day('s.pod_departure_actual')} AS gate_out, ${estimate('pod_departure')} AS gate_out_est,
      ${day('s.delivery_actual')} AS delivery, ${estimate('delivery')} AS delivery_est,
      ${day('s.empty_return_actual')} AS empty_return, ${estimate('empty_return')} AS empty_return_est,
      to_char(s.carrier_demurrage_lfd, 'YYYY-MM-DD') AS carrier_demurrage_lfd,
      to_char(s.carrier_detention_lfd, 'YYYY-MM-DD') AS carrier_detention_lfd,
      s.free_time
    FROM shipments s LEFT JOIN locations l ON l.id = s.pod_loc_id
    WHERE s.id = ANY(${[...ids]}::bigint[])
    ORDER BY s.id
    -- Locked in id order until the batch commits: two computations of one container (the engine and the daily
    -- refresh) run one after the other, so the second sees the first's notified dates and sends nothing twice.
    FOR UPDATE OF s`.execute(db);
  return result.rows;
}

/** The rules of these companies, by company. */
export async function loadRules(db: Db, companyIds: readonly number[]): Promise<Map<number, FreeTimeRule[]>> {
  const map = new Map<number, FreeTimeRule[]>();
  if (!companyIds.length) return map;
  const rows = await db
    .selectFrom('free_time_rules')
    .selectAll()
    .where('company_id', 'in', [...new Set(companyIds)])
    .execute();
  for (const row of rows) {
    const list = map.get(row.company_id) ?? [];
    list.push(toRule(row));
    map.set(row.company_id, list);
  }
  return map;
}

function datesOf(r: ShipmentRow): ContainerDates {
  return {
    discharge: { actual: r.discharge, estimate: r.discharge_est },
    gateOut: { actual: r.gate_out, estimate: r.gate_out_est },
    delivery: { actual: r.delivery, estimate: r.delivery_est },
    emptyReturn: { actual: r.empty_return, estimate: r.empty_return_est },
  };
}

export interface ApplyResult {
  shipments: number;
  events: number;
}

export interface ApplyOptions {
  /** The day the clocks are read on (default: today, UTC). */
  today?: string;
  /** The companies' rules when the caller already has them (a recompute of one company). */
  rules?: Map<number, FreeTimeRule[]>;
}

export async function applyFreeTime(db: Db, shipmentIds: readonly string[], options: ApplyOptions = {}) {
  const result: ApplyResult = { shipments: 0, events: 0 };
  if (!shipmentIds.length) return result;
  const today = options.today ?? todayUtc();
  const rows = await loadShipments(db, shipmentIds);
  const rules =
    options.rules ??
    (await loadRules(
      db,
      rows.map((r) => r.company_id),
    ));
  const updates: Array<Record<string, unknown>> = [];
  const emissions: Array<FreeTimeEvent & { company_id: number; request_id: number; shipment_id: string }> =
    [];
  for (const r of rows) {
    const scope = {
      carrier_id: r.carrier_id,
      pod_locode: r.pod_locode,
      container_type: containerTypeGroup(r.container_type_iso, r.container_type_str),
    };
    const stored = computeFreeTime({
      dates: datesOf(r),
      rule: matchRule(rules.get(r.company_id) ?? [], scope),
      podLocode: r.pod_locode,
      carrierLfd: { demurrage: r.carrier_demurrage_lfd, detention: r.carrier_detention_lfd },
    });
    for (const e of freeTimeEvents(parseStored(r.free_time), stored, today)) {
      emissions.push({
        ...e,
        company_id: r.company_id,
        request_id: r.tracking_request_id,
        shipment_id: r.id,
      });
    }
    updates.push({ id: r.id, ...freeTimeColumns(stored, today) });
  }
  result.shipments = await writeColumns(db, updates);
  result.events = await emitEvents(db, emissions);
  return result;
}

/** One UPDATE for the whole batch; rows already as computed are left alone (no write, no trigger work). */
async function writeColumns(db: Db, updates: Array<Record<string, unknown>>): Promise<number> {
  if (!updates.length) return 0;
  const result = await sql`
    UPDATE shipments s SET
      free_time = v.free_time,
      free_time_rule_id = (SELECT r.id FROM free_time_rules r WHERE r.id = v.free_time_rule_id),
      free_time_lfd = v.free_time_lfd,
      demurrage_cost = v.demurrage_cost,
      detention_cost = v.detention_cost,
      free_time_currency = v.free_time_currency,
      free_time_computed_on = v.free_time_computed_on
    FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(
      id bigint, free_time jsonb, free_time_rule_id integer, free_time_lfd date, demurrage_cost numeric,
      detention_cost numeric, free_time_currency text, free_time_computed_on date)
    WHERE s.id = v.id AND (
      s.free_time IS DISTINCT FROM v.free_time
      OR s.free_time_rule_id IS DISTINCT FROM v.free_time_rule_id
      OR s.free_time_lfd IS DISTINCT FROM v.free_time_lfd
      OR s.demurrage_cost IS DISTINCT FROM v.demurrage_cost
      OR s.detention_cost IS DISTINCT FROM v.detention_cost
      OR s.free_time_currency IS DISTINCT FROM v.free_time_currency
      OR s.free_time_computed_on IS DISTINCT FROM v.free_time_computed_on)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

async function emitEvents(
  db: Db,
  emissions: Array<FreeTimeEvent & { company_id: number; request_id: number; shipment_id: string }>,
): Promise<number> {
  if (!emissions.length) return 0;
  const payload = emissions.map((e) => ({
    company_id: e.company_id,
    type: e.type,
    request_id: e.request_id,
    shipment_id: e.shipment_id,
    data: e.data,
  }));
  // webhook_emit writes nothing unless an enabled endpoint of the company subscribed to the type.
  await sql`
    SELECT webhook_emit(e.company_id, e.type, e.request_id, e.shipment_id, e.data)
    FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
      AS e(company_id integer, type text, request_id integer, shipment_id bigint, data jsonb)
    WHERE webhook_company_listens(e.company_id)`.execute(db);
  return emissions.length;
}
