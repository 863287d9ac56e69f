// Writes the containers' clocks (shipment_free_time, migration 0036, and shipments.free_time_lfd) from their
// dates, the company's rules and the carrier's own last free days, and emits the free-time webhook events. Called
// by the engine after each shipment upsert (inside its transaction), by the background recompute of a company
// whose rules changed and by the daily refresh of running clocks. Rows that come out the same are not written:
// shipments (wide, many indexes) only when free_time_lfd moves, which most recomputes leave as it was.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { containerTypeGroup } from './container-type';
import { matchRule, toRule, type FreeTimeRule } from './rules';
import { computeFreeTime, freeTimeColumns, type ContainerDates, type FreeTimeColumns } from './snapshot';
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
  free_time_lfd: string | null;
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
      f.free_time, to_char(s.free_time_lfd, 'YYYY-MM-DD') AS free_time_lfd
    FROM shipments s LEFT JOIN locations l ON l.id = s.pod_loc_id
      LEFT JOIN shipment_free_time f ON f.shipment_id = s.id
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

interface ApplyResult {
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
  const writes: FreeTimeWrite[] = [];
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
    writes.push({
      id: r.id,
      company_id: r.company_id,
      old_lfd: r.free_time_lfd,
      ...freeTimeColumns(stored, today),
    });
  }
  result.shipments = await writeColumns(db, writes);
  result.events = await emitEvents(db, emissions);
  return result;
}

interface FreeTimeWrite extends FreeTimeColumns {
  id: string;
  company_id: number;
  old_lfd: string | null;
}

/**
 * One statement per table for the whole batch, each skipping the rows already as computed (no write, no trigger
 * work); returns how many containers changed.
 */
async function writeColumns(db: Db, writes: readonly FreeTimeWrite[]): Promise<number> {
  if (!writes.length) return 0;
  const changed = new Set<string>();
  const upserts = writes
    .filter((w) => w.free_time !== null)
    .map(({ id, old_lfd: _old, free_time_lfd: _lfd, ...row }) => ({ shipment_id: id, ...row }));
  const gone = writes.filter((w) => w.free_time === null).map((w) => w.id);
  const moved = writes
    .filter((w) => w.old_lfd !== w.free_time_lfd)
    .map((w) => ({ id: w.id, free_time_lfd: w.free_time_lfd }));
  if (upserts.length) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO shipment_free_time AS f
        (shipment_id, company_id, rule_id, free_time, demurrage_cost, detention_cost, currency, computed_on)
      SELECT v.shipment_id, v.company_id, (SELECT r.id FROM free_time_rules r WHERE r.id = v.rule_id), v.free_time,
        v.demurrage_cost, v.detention_cost, v.currency, v.computed_on
      FROM jsonb_to_recordset(${JSON.stringify(upserts)}::jsonb) AS v(shipment_id bigint, company_id integer,
        rule_id integer, free_time jsonb, demurrage_cost numeric, detention_cost numeric, currency text,
        computed_on date)
      ON CONFLICT (shipment_id) DO UPDATE SET
        rule_id = excluded.rule_id, free_time = excluded.free_time, demurrage_cost = excluded.demurrage_cost,
        detention_cost = excluded.detention_cost, currency = excluded.currency, computed_on = excluded.computed_on
      WHERE (f.rule_id, f.free_time, f.demurrage_cost, f.detention_cost, f.currency, f.computed_on)
        IS DISTINCT FROM (excluded.rule_id, excluded.free_time, excluded.demurrage_cost, excluded.detention_cost,
          excluded.currency, excluded.computed_on)
      RETURNING f.shipment_id::text AS id`.execute(db);
    for (const r of rows) changed.add(r.id);
  }
  if (gone.length) {
    const { rows } = await sql<{ id: string }>`
      DELETE FROM shipment_free_time WHERE shipment_id = ANY(${gone}::bigint[])
      RETURNING shipment_id::text AS id`.execute(db);
    for (const r of rows) changed.add(r.id);
  }
  if (moved.length) {
    // The rows are locked (loadShipments), so the free_time_lfd read there is still the current one.
    await sql`
      UPDATE shipments s SET free_time_lfd = v.free_time_lfd
      FROM jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) AS v(id bigint, free_time_lfd date)
      WHERE s.id = v.id AND s.free_time_lfd IS DISTINCT FROM v.free_time_lfd`.execute(db);
    for (const m of moved) changed.add(m.id);
  }
  return changed.size;
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
