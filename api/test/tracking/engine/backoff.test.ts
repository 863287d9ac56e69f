// Poll scheduling: exponential backoff after failures (capped), back to the regular interval
// after an answer, and the lease that makes a claimed poll whose job got lost due again.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { backoffSeconds } from '../../../src/tracking/engine/config';
import { startEngine } from '../../../src/tracking/engine/engine';
import { testDatabaseUrl } from '../../helpers/app';
import { startHarness, uniqueContainer, type Harness } from './helpers';

jest.setTimeout(120_000);

test('backoff doubles from the base and stops at the cap', () => {
  const config = { retryBaseSeconds: 30, retryMaxSeconds: 3600 };
  expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => backoffSeconds(n, config))).toEqual([
    0, 30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
  ]);
});

describe('with the engine', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      startAt: Date.UTC(2025, 5, 1),
      config: { retryBaseSeconds: 60, retryMaxSeconds: 600, pollIntervalSeconds: 300, carrierTimeoutMs: 800 },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const row = (id: number) =>
    h.ctx.handle.db
      .selectFrom('tracking_requests')
      .select([
        'status',
        'poll_failures',
        'last_poll_error',
        sql<number>`extract(epoch from next_poll_at - now())`.as('due_in'),
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const makeDue = (id: number) =>
    h.ctx.handle.db
      .updateTable('tracking_requests')
      .set({ next_poll_at: sql`now()` })
      .where('id', '=', id)
      .execute();

  test('failures back off 60, 120, 240, 480, 600, 600 s; an answer resets to the interval', async () => {
    const ref = uniqueContainer('BOF');
    h.sim.journeyFor('MAEU', 'c_id', ref); // generated ahead: the first answer is then quick
    const id = await h.createRequest('MAEU', 'c_id', ref);
    const faults = ['5xx', 'timeout', 'malformed', '5xx', '5xx', '5xx'] as const;
    const expected = [60, 120, 240, 480, 600, 600];
    for (let i = 0; i < faults.length; i++) {
      h.sim.setFault('MAEU', { kind: faults[i] });
      if (i > 0) await makeDue(id);
      await h.settle();
      const r = await row(id);
      expect(r.poll_failures).toBe(i + 1);
      expect(Number(r.due_in)).toBeGreaterThan(expected[i] - 10);
      expect(Number(r.due_in)).toBeLessThanOrEqual(expected[i] + 1);
      expect(r.last_poll_error).toBeTruthy();
      expect(r.status).toBe('new'); // failures never make a request invalid
    }
    expect((await row(id)).last_poll_error).toMatch(/503/);

    // Not due: a tick does not poll it.
    h.sim.setFault('MAEU', null);
    await h.settle();
    expect((await row(id)).poll_failures).toBe(6);

    await makeDue(id);
    await h.settle();
    const ok = await row(id);
    expect(ok.poll_failures).toBe(0);
    expect(ok.last_poll_error).toBeNull();
    expect(Number(ok.due_in)).toBeGreaterThan(290);
    expect(Number(ok.due_in)).toBeLessThanOrEqual(301);
    expect(ok.status).toBe('ongoing');
  });

  test('a claimed poll whose job is lost is claimed again after the lease', async () => {
    // A scheduler without workers (its jobs are never run) stands for a process that died.
    const orphan = await startEngine({
      db: h.ctx.handle.db,
      databaseUrl: testDatabaseUrl(),
      schema: `pgboss_${randomBytes(4).toString('hex')}`,
      companyIds: [h.tenant.companyId],
      workers: false,
      log: () => undefined,
      config: { tickMs: 0, pollLeaseSeconds: 2 },
    });
    try {
      const ref = uniqueContainer('LEA');
      h.sim.journeyFor('MSCU', 'c_id', ref); // generated ahead: the first answer is then quick
      const id = await h.createRequest('MSCU', 'c_id', ref);
      expect((await orphan.tick()).polls).toBe(1);
      const claimed = await row(id);
      expect(Number(claimed.due_in)).toBeGreaterThan(0);
      expect((await orphan.tick()).polls).toBe(0); // leased
      await new Promise((r) => setTimeout(r, 2500));
      // The lease ran out: the real engine claims and polls it.
      await h.settle();
      expect((await row(id)).status).toBe('ongoing');
    } finally {
      await orphan.stop();
    }
  });
});
