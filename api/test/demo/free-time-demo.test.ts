// The demo's free time: the seeded rules go into free_time_rules as they are (and ask for the company's clocks),
// and with the simulator's dwell the demo company's containers, 60 days after the simulator epoch (the first
// `npm start`), show both clocks in every state, with carrier-sent last free days and tariffs in EUR and USD.
import { sql } from 'kysely';
import { DEMO_FREE_TIME_RULES, seedFreeTimeRules } from '../../src/demo/free-time-rules';
import { DEMO_REQUESTS } from '../../src/demo/seed';
import { tierProblems } from '../../src/services/free-time-rules';
import {
  computeFreeTime,
  containerTypeGroup,
  freeTimeView,
  matchRule,
  type FreeTimeRule,
  type FreeTimeView,
} from '../../src/tracking/free-time';
import { generateJourney } from '../../src/tracking/simulator/journey';
import { seedTenant, startTestApp, type TestContext } from '../helpers/app';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const EPOCH = Date.UTC(2025, 0, 1);
const NOW = EPOCH + 60 * DAY;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The demo rules as the clocks read them, carriers numbered by SCAC. */
const carrierIds = new Map<string, number>();
const rules: FreeTimeRule[] = DEMO_FREE_TIME_RULES.map((r, i) => ({
  id: i + 1,
  carrier_id: r.scac
    ? carrierIds.set(r.scac, carrierIds.get(r.scac) ?? carrierIds.size + 1).get(r.scac)!
    : null,
  pod_locode: r.pod ?? null,
  container_type: r.type ?? null,
  mode: r.mode,
  demurrage_free_days: r.demurrage ?? null,
  detention_free_days: r.detention ?? null,
  combined_free_days: r.combined ?? null,
  day_count: r.dayCount ?? 'calendar',
  demurrage_start: r.start ?? 'event_day',
  detention_start: r.start ?? 'event_day',
  demurrage_stop: 'gate_out',
  demurrage_tiers: r.demurrageTiers ?? [],
  detention_tiers: r.detentionTiers ?? [],
  combined_tiers: r.combinedTiers ?? [],
  currency: r.currency,
}));

/** Every demo container's free time as of NOW (what happened by then is actual, the rest planned). */
function demoClocks(): Array<{ ruleId: number | null; view: FreeTimeView }> {
  const out: Array<{ ruleId: number | null; view: FreeTimeView }> = [];
  for (const r of DEMO_REQUESTS) {
    if (r.scac === 'ZIMU' || r.ref === 'MAEU1234560') continue; // unknown to the carrier
    const journey = generateJourney({
      carrierScac: r.scac,
      seed: `${r.scac}|${r.type}|${r.ref}`,
      epoch: EPOCH,
      bookingReference: r.type === 'b_id' ? r.ref : undefined,
      transportDocumentReference: r.type === 'm_bl' ? r.ref : undefined,
      equipmentReference: r.type === 'c_id' ? r.ref : undefined,
      disruptions: 'random',
    });
    const pod = journey.ports[journey.ports.length - 1].locode;
    for (const c of r.filterFirst ? journey.containers.slice(0, 1) : journey.containers) {
      const gt = journey.truth[c.equipmentReference];
      const at = (t: number) => ({ actual: t <= NOW ? day(t) : null, estimate: day(t) });
      const carrierLfd = { demurrage: null as string | null, detention: null as string | null };
      for (const { createdAt, equipmentReference, event } of journey.events) {
        if (equipmentReference !== c.equipmentReference || createdAt > NOW || event.eventType !== 'EQUIPMENT')
          continue;
        for (const l of event.lastFreeDays ?? [])
          carrierLfd[l.typeCode === 'DEM' ? 'demurrage' : 'detention'] = l.date;
      }
      const scope = {
        carrier_id: carrierIds.get(r.scac) ?? -1,
        pod_locode: pod,
        container_type: containerTypeGroup(c.isoEquipmentCode),
      };
      const rule = matchRule(rules, scope);
      const stored = computeFreeTime({
        dates: {
          discharge: at(gt.legs[gt.legs.length - 1].discharge),
          gateOut: at(gt.gateOutPod),
          delivery: at(gt.delivery),
          emptyReturn: at(gt.emptyReturn),
        },
        rule,
        podLocode: pod,
        carrierLfd,
      });
      const view = freeTimeView(stored, day(NOW));
      if (view) out.push({ ruleId: rule?.id ?? null, view });
    }
  }
  return out;
}

describe('the demo rules', () => {
  it('have tiers the rules API accepts, in EUR and USD', () => {
    for (const r of DEMO_FREE_TIME_RULES)
      for (const t of [r.demurrageTiers, r.detentionTiers, r.combinedTiers])
        if (t) expect(tierProblems(t)).toEqual([]);
    expect(new Set(DEMO_FREE_TIME_RULES.map((r) => r.currency))).toEqual(new Set(['EUR', 'USD']));
  });

  it('give the first start clocks in every state, each rule used, carrier dates among them', () => {
    const clocks = demoClocks();
    const states = (pick: (v: FreeTimeView) => string | undefined) =>
      new Set(clocks.map((c) => pick(c.view)));
    const all = ['not_started', 'running', 'over', 'closed'];
    expect([...states((v) => v.demurrage.state)].sort()).toEqual([...all].sort());
    expect([...states((v) => v.detention?.state)].filter(Boolean).sort()).toEqual([...all].sort());
    expect(new Set(clocks.map((c) => c.ruleId))).toEqual(new Set(rules.map((r) => r.id)));
    expect(clocks.some((c) => c.view.demurrage.lfd_source === 'carrier')).toBe(true);
    expect(clocks.some((c) => c.view.demurrage.cost > 0 || (c.view.detention?.cost ?? 0) > 0)).toBe(true);
  });
});

describe('seedFreeTimeRules', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('writes the rules for the company and asks for its clocks', async () => {
    const { companyId } = await seedTenant(ctx);
    await seedFreeTimeRules(ctx.handle.db, companyId);
    const { rows } = await sql<{
      scac: string | null;
      pod_locode: string | null;
      mode: string;
      currency: string;
    }>`
      SELECT c.scac, r.pod_locode, r.mode, r.currency FROM free_time_rules r
      LEFT JOIN carriers c ON c.id = r.carrier_id WHERE r.company_id = ${companyId} ORDER BY r.id`.execute(
      ctx.handle.db,
    );
    expect(rows).toEqual(
      DEMO_FREE_TIME_RULES.map((r) => ({
        scac: r.scac ?? null,
        pod_locode: r.pod ?? null,
        mode: r.mode,
        currency: r.currency,
      })),
    );
    const asked = await ctx.handle.db
      .selectFrom('free_time_recomputes')
      .select('company_id')
      .where('company_id', '=', companyId)
      .execute();
    expect(asked).toHaveLength(1);
  });
});
