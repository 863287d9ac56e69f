// Where the clocks are written (migration 0036): the snapshot, rule and costs in shipment_free_time, and on the wide
// shipments row only free_time_lfd, written only when it moves. Rows that come out the same are not rewritten, a
// container left without clocks loses its row, and a change of the side table counts as a change of the company's
// data (the list's cached pages are not reused after it).
import { sql } from 'kysely';
import { applyFreeTime, freeTimeView } from '../../../src/tracking/free-time';
import { addDays } from '../../../src/tracking/free-time/dates';
import { insertRequest, insertShipment, portIds, startTenantApp, type TenantApp } from '../../helpers/app';
import { insertRule } from '../../helpers/free-time';

jest.setTimeout(60_000);

let env: TenantApp;
let rotterdam: number;
const TODAY = '2025-03-20';
const at = (n: number) => `${addDays(TODAY, n)}T10:00:00Z`;
let serial = 0;

beforeAll(async () => {
  env = await startTenantApp();
  rotterdam = (await portIds(env.ctx, ['NLRTM'])).NLRTM;
});
afterAll(() => env.ctx.close());

async function container(companyId: number, values: Record<string, unknown>): Promise<string> {
  serial++;
  const requestId = await insertRequest(env.ctx, { company_id: companyId, code_value: `FTSD${serial}` });
  return insertShipment(env.ctx, {
    company_id: companyId,
    tracking_request_id: requestId,
    container_number: `MSDU${String(serial).padStart(7, '0')}`,
    pod_loc_id: rotterdam,
    container_type_iso: '45G1',
    ...values,
  });
}

interface State {
  shipment_xmin: string;
  free_time_lfd: string | null;
  side_xmin: string | null;
  side_company: number | null;
  free_time: unknown;
}

/** The row versions (xmin changes with every write of a row) and what is stored, by shipment id. */
async function state(ids: string[]): Promise<Map<string, State>> {
  const { rows } = await sql<State & { id: string }>`
    SELECT s.id::text AS id, s.xmin::text AS shipment_xmin, to_char(s.free_time_lfd, 'YYYY-MM-DD') AS free_time_lfd,
      f.xmin::text AS side_xmin, f.company_id AS side_company, f.free_time
    FROM shipments s LEFT JOIN shipment_free_time f ON f.shipment_id = s.id
    WHERE s.id = ANY(${ids}::bigint[])`.execute(env.ctx.handle.db);
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

async function dataVersion(companyId: number): Promise<bigint> {
  const { rows } = await sql<{ v: string }>`SELECT shipments_data_version(${companyId})::text AS v`.execute(
    env.ctx.handle.db,
  );
  return BigInt(rows[0].v);
}

it('writes shipments only when free_time_lfd moves and leaves unchanged rows alone', async () => {
  const db = env.ctx.handle.db;
  const company = env.t.companyId;
  const rule = await insertRule(env.ctx, {
    company_id: company,
    mode: 'separate',
    currency: 'EUR',
    demurrage_free_days: 5,
    detention_free_days: 10,
  });
  // Expected in 5 days: an estimated clock, nothing runs (free_time_lfd stays null). Discharged 2 days ago: runs.
  const planned = await container(company, { pod_discharge_planned_last: at(5) });
  const running = await container(company, { pod_discharge_actual: at(-2) });
  const ids = [planned, running];
  expect(await applyFreeTime(db, ids, { today: TODAY })).toMatchObject({ shipments: 2 });
  const first = await state(ids);
  expect(first.get(planned)).toMatchObject({ free_time_lfd: null, side_company: company });
  expect(first.get(running)).toMatchObject({ free_time_lfd: addDays(TODAY, 2), side_company: company });

  // The same day again: nothing changed, nothing written, the company's data version holds.
  const version = await dataVersion(company);
  expect(await applyFreeTime(db, ids, { today: TODAY })).toMatchObject({ shipments: 0 });
  expect(await state(ids)).toEqual(first);
  expect(await dataVersion(company)).toBe(version);

  // Two more free days: both snapshots change; only the running container's shipments row is written.
  await sql`UPDATE free_time_rules SET demurrage_free_days = 7 WHERE id = ${rule.id}`.execute(db);
  expect(await applyFreeTime(db, ids, { today: TODAY })).toMatchObject({ shipments: 2 });
  const second = await state(ids);
  expect(second.get(planned)!.shipment_xmin).toBe(first.get(planned)!.shipment_xmin);
  expect(second.get(planned)!.side_xmin).not.toBe(first.get(planned)!.side_xmin);
  expect(freeTimeView(second.get(planned)!.free_time, TODAY)!.demurrage).toMatchObject({
    free_days: 7,
    estimated: true,
    lfd: addDays(TODAY, 11),
  });
  expect(second.get(running)!.shipment_xmin).not.toBe(first.get(running)!.shipment_xmin);
  expect(second.get(running)!.free_time_lfd).toBe(addDays(TODAY, 4));
  // A write of the side table alone (planned) is a change of the company: cached list pages are not reused.
  expect(await dataVersion(company)).toBeGreaterThan(version);
});

it('removes the row of a container left without clocks', async () => {
  const db = env.ctx.handle.db;
  const company = env.t.otherCompanyId;
  const rule = await insertRule(env.ctx, {
    company_id: company,
    mode: 'combined',
    currency: 'USD',
    combined_free_days: 4,
  });
  const id = await container(company, { pod_discharge_actual: at(-1) });
  await applyFreeTime(db, [id], { today: TODAY });
  expect((await state([id])).get(id)).toMatchObject({
    free_time_lfd: addDays(TODAY, 2),
    side_company: company,
  });

  await db.deleteFrom('free_time_rules').where('id', '=', rule.id).execute();
  expect(await applyFreeTime(db, [id], { today: TODAY })).toMatchObject({ shipments: 1 });
  expect((await state([id])).get(id)).toMatchObject({
    free_time_lfd: null,
    side_xmin: null,
    free_time: null,
  });
});
