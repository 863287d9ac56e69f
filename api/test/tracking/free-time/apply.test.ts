// Free time on real PostgreSQL: a rule and a discharged container give the stored snapshot and free_time_lfd; a
// rule change recomputed in the background (request, claim, batches) updates them; the free-time webhook events
// reach a company with a subscribed endpoint, once per last free day; the daily refresh follows the calendar.
import { sql } from 'kysely';
import {
  applyFreeTime,
  claimFreeTimeRecompute,
  freeTimeView,
  refreshRunningClocks,
  requestFreeTimeRecompute,
  runFreeTimeRecompute,
  startFreeTimeWorker,
} from '../../../src/tracking/free-time';
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
  const requestId = await insertRequest(env.ctx, { company_id: companyId, code_value: `FTBK${serial}` });
  return insertShipment(env.ctx, {
    company_id: companyId,
    tracking_request_id: requestId,
    container_number: `MSCU${String(serial).padStart(7, '0')}`,
    pod_loc_id: rotterdam,
    container_type_iso: '45G1',
    ...values,
  });
}

async function row(id: string) {
  const { rows } = await sql<{
    free_time: unknown;
    free_time_lfd: string | null;
    demurrage_cost: string | null;
    free_time_currency: string | null;
    free_time_rule_id: number | null;
    free_time_computed_on: string | null;
  }>`SELECT f.free_time, to_char(s.free_time_lfd, 'YYYY-MM-DD') AS free_time_lfd, f.demurrage_cost,
      f.currency AS free_time_currency, f.rule_id AS free_time_rule_id,
      to_char(f.computed_on, 'YYYY-MM-DD') AS free_time_computed_on
    FROM shipments s LEFT JOIN shipment_free_time f ON f.shipment_id = s.id WHERE s.id = ${id}`.execute(
    env.ctx.handle.db,
  );
  return rows[0];
}

const tiers = [{ from_day: 1, to_day: null, rate: 100 }];

describe('applyFreeTime', () => {
  it('stores the snapshot and the running last free day of a discharged container', async () => {
    const company = env.t.companyId;
    const rule = await insertRule(env.ctx, {
      company_id: company,
      mode: 'separate',
      currency: 'EUR',
      demurrage_free_days: 5,
      detention_free_days: 10,
      demurrage_tiers: tiers,
      detention_tiers: tiers,
    });
    // A more specific rule of another port must not apply.
    await insertRule(env.ctx, {
      company_id: company,
      mode: 'separate',
      currency: 'USD',
      pod_locode: 'SGSIN',
      demurrage_free_days: 1,
      detention_free_days: 1,
    });
    const id = await container(company, { pod_discharge_actual: at(-7) });
    const untouched = await container(company, {});
    await applyFreeTime(env.ctx.handle.db, [id, untouched], { today: TODAY });

    const r = await row(id);
    expect(r).toMatchObject({
      free_time_lfd: addDays(TODAY, -3),
      demurrage_cost: '300.00',
      free_time_currency: 'EUR',
      free_time_rule_id: rule.id,
      free_time_computed_on: TODAY,
    });
    const view = freeTimeView(r.free_time, TODAY)!;
    expect(view.demurrage).toMatchObject({ state: 'over', days_left: -3, cost: 300, lfd_source: 'rule' });
    expect(view.detention!.state).toBe('not_started');
    // Not discharged yet, no plan: a snapshot without a running clock.
    expect((await row(untouched)).free_time_lfd).toBeNull();
  });

  it('lets the carrier-sent last free day win', async () => {
    const id = await container(env.t.companyId, {
      pod_discharge_actual: at(-7),
      carrier_demurrage_lfd: addDays(TODAY, 2),
    });
    await applyFreeTime(env.ctx.handle.db, [id], { today: TODAY });
    const r = await row(id);
    expect(r.free_time_lfd).toBe(addDays(TODAY, 2));
    expect(freeTimeView(r.free_time, TODAY)!.demurrage).toMatchObject({ lfd_source: 'carrier', cost: 0 });
  });
});

describe('background recompute', () => {
  it('recomputes every container of the company after a rule change, in batches', async () => {
    const company = env.t.otherCompanyId;
    const rule = await insertRule(env.ctx, {
      company_id: company,
      mode: 'combined',
      currency: 'USD',
      combined_free_days: 10,
      combined_tiers: tiers,
    });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await container(company, { pod_discharge_actual: at(-8 - i) }));
    await applyFreeTime(env.ctx.handle.db, ids, { today: TODAY });
    expect((await row(ids[0])).free_time_lfd).toBe(addDays(TODAY, 1));

    await sql`UPDATE free_time_rules SET combined_free_days = 3 WHERE id = ${rule.id}`.execute(
      env.ctx.handle.db,
    );
    await requestFreeTimeRecompute(env.ctx.handle.db, company);
    const run = await claimFreeTimeRecompute(env.ctx.handle.db);
    // Another company's request may be queued first in a shared database: run until ours.
    let claimed = run;
    while (claimed && claimed.companyId !== company) {
      await runFreeTimeRecompute(env.ctx.handle.db, claimed, { today: TODAY });
      claimed = await claimFreeTimeRecompute(env.ctx.handle.db);
    }
    expect(claimed).toMatchObject({ companyId: company, total: 5 });
    expect(await runFreeTimeRecompute(env.ctx.handle.db, claimed!, { today: TODAY, batch: 2 })).toBe(5);

    const r = await row(ids[0]);
    expect(r.free_time_lfd).toBe(addDays(TODAY, -6));
    expect(r.demurrage_cost).toBe('600.00');
    const progress = await env.ctx.handle.db
      .selectFrom('free_time_recomputes')
      .select(['processed', 'total', 'done_at'])
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ processed: 5, total: 5 });
    expect(progress.done_at).not.toBeNull();
  });

  it('runs from the worker started with the engine, and stops cleanly', async () => {
    const company = env.t.otherCompanyId;
    const id = await container(company, { pod_discharge_actual: at(-1) });
    const worker = startFreeTimeWorker({
      db: env.ctx.handle.db,
      pollMs: 50,
      now: () => Date.parse(at(0)),
      log: () => {},
    });
    await requestFreeTimeRecompute(env.ctx.handle.db, company);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(await row(id)).free_time_lfd)
      await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    expect((await row(id)).free_time_lfd).toBe(addDays(TODAY, 1));
  });
});

describe('free-time webhooks', () => {
  async function events(shipmentId: string) {
    const { rows } = await sql<{ type: string; data: Record<string, unknown> }>`
      SELECT type, data FROM webhook_events WHERE shipment_id = ${shipmentId} ORDER BY seq`.execute(
      env.ctx.handle.db,
    );
    return rows;
  }

  it('emits approaching, passed and changed once per last free day to a subscribed endpoint', async () => {
    const company = env.t.companyId;
    await sql`INSERT INTO webhook_endpoints (company_id, url, events, secret)
      VALUES (${company}, 'https://example.com/hook',
        ARRAY['shipment.free_time_approaching', 'shipment.free_time_passed', 'shipment.free_time_changed'],
        'secret-secret-secret')`.execute(env.ctx.handle.db);
    // Rule: 5 free days; discharged 2 days before TODAY → LFD in 2 days.
    const id = await container(company, { pod_discharge_actual: at(-2) });
    const db = env.ctx.handle.db;
    await applyFreeTime(db, [id], { today: TODAY });
    await applyFreeTime(db, [id], { today: TODAY });
    expect(await events(id)).toEqual([
      {
        type: 'shipment.free_time_approaching',
        data: {
          clock: 'demurrage',
          last_free_day: addDays(TODAY, 2),
          previous_last_free_day: null,
          days_left: 2,
          source: 'rule',
        },
      },
    ]);

    // Three days later the daily refresh finds it over.
    expect(await refreshRunningClocks(db, { today: addDays(TODAY, 3) })).toBeGreaterThanOrEqual(1);
    await refreshRunningClocks(db, { today: addDays(TODAY, 3) });
    expect((await events(id)).map((e) => e.type)).toEqual([
      'shipment.free_time_approaching',
      'shipment.free_time_passed',
    ]);
    expect((await row(id)).demurrage_cost).toBe('100.00');

    // The carrier sends its own last free day: changed, and the new date is approaching.
    await sql`UPDATE shipments SET carrier_demurrage_lfd = ${addDays(TODAY, 5)} WHERE id = ${id}`.execute(db);
    await applyFreeTime(db, [id], { today: addDays(TODAY, 3) });
    const last = (await events(id)).slice(2);
    expect(last.map((e) => e.type)).toEqual(['shipment.free_time_changed', 'shipment.free_time_approaching']);
    expect(last[0].data).toMatchObject({
      last_free_day: addDays(TODAY, 5),
      previous_last_free_day: addDays(TODAY, 2),
      source: 'carrier',
      days_left: 2,
    });
  });

  it('writes no event for a company without an endpoint', async () => {
    const id = await container(env.t.otherCompanyId, { pod_discharge_actual: at(-30) });
    await applyFreeTime(env.ctx.handle.db, [id], { today: TODAY });
    expect((await row(id)).free_time_lfd).not.toBeNull();
    expect(await events(id)).toEqual([]);
  });
});
