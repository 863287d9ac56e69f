// Engine test harness: the run's database, a tenant, the carrier simulator on a local port with a
// clock the test moves, and an engine (own pg-boss schema, scoped to the tenant's company, no
// timer: the test ticks it) pointed at that simulator.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { iso6346CheckDigit } from '../../../src/tracking/containers';
import { startEngine, type Engine } from '../../../src/tracking/engine/engine';
import type { EngineConfig } from '../../../src/tracking/engine/config';
import {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../../src/tracking/simulator/server';
import { seedTenant, startTestApp, testDatabaseUrl, type Tenant, type TestContext } from '../../helpers/app';

export const DAY = 86_400_000;
export const EPOCH = Date.UTC(2025, 0, 1);

export interface Harness {
  ctx: TestContext;
  tenant: Tenant;
  sim: Simulator;
  simUrl: string;
  clock: { now: number };
  engine: Engine;
  /** One tick, then waits until no job is waiting or running. */
  settle(): Promise<void>;
  waitIdle(timeoutMs?: number): Promise<void>;
  createRequest(
    scac: string,
    codeType: 'c_id' | 'b_id' | 'm_bl',
    ref: string,
    extra?: { container_filter?: string[] },
  ): Promise<number>;
  close(): Promise<void>;
}

/** A container number unique to this run, with a right check digit. */
export function uniqueContainer(owner = 'MSK'): string {
  const first10 = `${owner}U${String(parseInt(randomBytes(3).toString('hex'), 16) % 1_000_000).padStart(6, '0')}`;
  return first10 + iso6346CheckDigit(first10);
}
export const uniqueReference = (prefix: string) =>
  `${prefix}${parseInt(randomBytes(4).toString('hex'), 16) % 1_000_000_000}`.slice(0, 20);

export async function startHarness(
  options: {
    config?: Partial<EngineConfig>;
    sim?: SimulatorOptions;
    startAt?: number;
    /** Listen with the API app and subscribe requests to DCSA push with it as the callback. */
    push?: boolean;
  } = {},
): Promise<Harness> {
  const clock = { now: options.startAt ?? EPOCH };
  const sim = createSimulator({
    clock: { now: () => clock.now },
    epoch: EPOCH,
    timeoutFaultMs: 1500,
    ...options.sim,
  });
  const simUrl = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const ctx = await startTestApp();
  const tenant = await seedTenant(ctx, { maxTrackingRequests: 1000 });
  const engine = await startEngine({
    db: ctx.handle.db,
    databaseUrl: testDatabaseUrl(),
    simulatorBaseUrl: `${simUrl}/carriers`,
    callbackBaseUrl: options.push ? await ctx.app.listen({ port: 0, host: '127.0.0.1' }) : null,
    now: () => clock.now,
    log: () => undefined,
    schema: `pgboss_${randomBytes(4).toString('hex')}`,
    companyIds: [tenant.companyId],
    config: {
      tickMs: 0,
      pollIntervalSeconds: 0,
      pollLeaseSeconds: 30,
      retryBaseSeconds: 0,
      notFoundPolls: 2,
      workerPollSeconds: 0.5,
      carrierTimeoutMs: 5000,
      ...options.config,
    },
  });

  const waitIdle = async (timeoutMs = 120_000) => {
    const end = Date.now() + timeoutMs;
    while ((await engine.pending()) > 0) {
      if (Date.now() > end) throw new Error('the engine did not become idle');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    ctx,
    tenant,
    sim,
    simUrl,
    clock,
    engine,
    waitIdle,
    settle: async () => {
      await engine.tick();
      await waitIdle();
    },
    createRequest: async (scac, codeType, ref, extra = {}) => {
      const carrier = await ctx.handle.db
        .selectFrom('carriers')
        .select('id')
        .where('scac', '=', scac)
        .executeTakeFirstOrThrow();
      const row = await ctx.handle.db
        .insertInto('tracking_requests')
        .values({
          company_id: tenant.companyId,
          carrier_id: carrier.id,
          code_type: codeType,
          code_value: ref,
          container_filter: extra.container_filter ?? [],
          warnings: '[]',
          next_poll_at: sql`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    close: async () => {
      await engine.stop();
      await sim.app.close();
      await ctx.close();
    },
  };
}
