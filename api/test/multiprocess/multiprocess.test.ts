// Correct across processes, each case with two instances on one database (a database of this file's own, so that
// its schedulers and engines see nothing of the other test files): the per-key API rate limit counted across two
// app instances, two report schedulers sending a due report once, two engines never polling one tracking request
// at the same time, and two migration runners applying each file once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { buildApp } from '../../src/app';
import { createDb, dropDatabase, ensureDatabase, withDatabase, type DbHandle } from '../../src/db/connection';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';
import { createMailer } from '../../src/mail';
import { startReportScheduler } from '../../src/reports/scheduler';
import { createCompany, createUser } from '../../src/services/accounts';
import { hitRateLimit } from '../../src/services/rate-limits';
import { startEngine, type Engine } from '../../src/tracking/engine/engine';
import { seedReferenceData } from '../../src/tracking/reference-data';
import { TEST_HASH_COST, testDatabaseUrl } from '../helpers/app';
import { startSmtp, type Inbox } from '../helpers/servers';

jest.setTimeout(180_000);

const serverUrl = testDatabaseUrl();
const name = `portal_multiproc_${Date.now()}`;
const url = withDatabase(serverUrl, name);
let handle: DbHandle;
let companyId: number;
let managerId: number;

beforeAll(async () => {
  await ensureDatabase(serverUrl, name);
  handle = createDb(url, { max: 6 });
});
afterAll(async () => {
  await handle?.close();
  await dropDatabase(serverUrl, name);
});

describe('migrations', () => {
  it('two runners starting together apply every file exactly once', async () => {
    const { readdir } = await import('node:fs/promises');
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f));
    const [a, b] = await Promise.all([migrate(url), migrate(url)]);
    const all = [...a.applied, ...b.applied];
    expect(all).toHaveLength(files.length);
    expect(new Set(all).size).toBe(files.length);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(
      handle.db,
    );
    expect(rows[0].n).toBe(files.length);
    await seedReferenceData(handle.db);
    companyId = await createCompany(handle.db, { name: 'Multi', max_tracking_requests: 100 });
    managerId = await createUser(handle.db, {
      username: `mp_${randomBytes(3).toString('hex')}`,
      password: 'pw-multi-1',
      companyId,
      roleId: 1,
      is_manager: true,
      email: 'mp@example.com',
      hashCost: TEST_HASH_COST,
    });
  });
});

describe('shared rate limit', () => {
  it('counts one window in PostgreSQL, concurrently, whatever the caller', async () => {
    const bucket = `test:${randomBytes(4).toString('hex')}`;
    const hits = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(handle.db, bucket, 60_000)));
    expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(Math.max(...hits.map((h) => h.ttl))).toBeLessThanOrEqual(60_000);
    const short = `test:${randomBytes(4).toString('hex')}`;
    await hitRateLimit(handle.db, short, 300);
    await new Promise((r) => setTimeout(r, 400));
    expect((await hitRateLimit(handle.db, short, 300)).current).toBe(1); // a new window
  });

  it("an API key's limit is shared by two app instances: the 11th call of a 10/min key is 429 on either", async () => {
    const apps = [
      await buildApp({ db: handle.db, passwordHashCost: TEST_HASH_COST }),
      await buildApp({ db: handle.db, passwordHashCost: TEST_HASH_COST }),
    ];
    try {
      const login = await apps[0].inject({
        method: 'POST',
        url: '/api/token/',
        payload: {
          username: (
            await handle.db
              .selectFrom('users')
              .select('username')
              .where('id', '=', managerId)
              .executeTakeFirstOrThrow()
          ).username,
          password: 'pw-multi-1',
        },
      });
      const token = login.json().token as string;
      const created = await apps[1].inject({
        method: 'POST',
        url: '/api/api-keys/',
        headers: { authorization: `Token ${token}` },
        payload: { name: 'Shared', scope: 'read', rate_limit_per_minute: 10 },
      });
      expect(created.statusCode).toBe(201);
      const key = created.json().key as string;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const res = await apps[i % 2].inject({
          method: 'GET',
          url: '/api/carriers/',
          headers: { authorization: `Token ${key}` },
        });
        statuses.push(res.statusCode);
        if (i === 9) expect(res.headers['x-ratelimit-remaining']).toBe('0');
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });
});

describe('scheduled reports', () => {
  let smtp: Inbox;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => smtp?.stop());

  it('two schedulers (two processes) send a due report once', async () => {
    const carrier = await handle.db
      .selectFrom('carriers')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const request = await handle.db
      .insertInto('tracking_requests')
      .values({
        company_id: companyId,
        carrier_id: carrier.id,
        code_type: 'c_id',
        code_value: 'MPREPORT1',
        warnings: '[]',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('shipments')
      .values({
        company_id: companyId,
        tracking_request_id: request.id,
        carrier_id: carrier.id,
        container_number: 'MSCU1000001',
        lifecycle_status: 'active',
      } as never)
      .execute();
    await handle.db
      .insertInto('export_templates')
      .values({
        company_id: companyId,
        user_id: managerId,
        name: 'Twice?',
        send_email: 'daily',
        columns: ['container_number'],
        filters: '{}',
        schedule_since: new Date(Date.now() - 7 * 86_400_000),
      } as never)
      .execute();
    const options = {
      hour: 0,
      portalUrl: 'http://portal.test',
      pollingIntervalSeconds: 0.5,
      cron: '0 0 1 1 *',
      retryDelaySeconds: 1,
    };
    const start = () =>
      startReportScheduler(
        {
          db: handle.db,
          mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'portal@test' }),
          log: () => undefined,
        },
        options,
      );
    const schedulers = await Promise.all([start(), start()]);
    try {
      await Promise.all([...schedulers, ...schedulers].map((s) => s.tick()));
      const reports = () => smtp.mails.filter((m: ParsedMail) => (m.subject ?? '').includes('Twice?'));
      const end = Date.now() + 30_000;
      while (reports().length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
      await Promise.all(schedulers.map((s) => s.tick()));
      await new Promise((r) => setTimeout(r, 3000)); // room for a second send, were there one
      expect(reports()).toHaveLength(1);
      const runs = await sql<{
        status: string;
      }>`SELECT status FROM report_runs WHERE user_id = ${managerId} AND kind = 'template'`.execute(
        handle.db,
      );
      expect(runs.rows).toEqual([{ status: 'sent' }]);
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
  });
});

describe('poll scheduling', () => {
  it('two engines never poll one tracking request at the same time', async () => {
    // A carrier that answers slowly and records how many polls of each reference are in flight at once.
    const inFlight = new Map<string, number>();
    let most = 0;
    let polls = 0;
    const carrier = http.createServer((req, res) => {
      const ref = new URL(req.url ?? '/', 'http://x').searchParams.get('equipmentReference') ?? '?';
      const n = (inFlight.get(ref) ?? 0) + 1;
      inFlight.set(ref, n);
      most = Math.max(most, n);
      polls += 1;
      setTimeout(() => {
        inFlight.set(ref, (inFlight.get(ref) ?? 1) - 1);
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      }, 2500);
    });
    await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', () => resolve()));
    const base = `http://127.0.0.1:${(carrier.address() as AddressInfo).port}`;
    const carrierRow = await handle.db
      .selectFrom('carriers')
      .select('id')
      .where('supports_c_id', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const code of ['MSKU0000010', 'MSKU0000025', 'MSKU0000030']) {
      const row = await handle.db
        .insertInto('tracking_requests')
        .values({
          company_id: companyId,
          carrier_id: carrierRow.id,
          code_type: 'c_id',
          code_value: code,
          warnings: '[]',
          next_poll_at: sql`now()`,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    // A lease shorter than a poll and a job expiry of 1 s: without the poll lock a second poll starts while the
    // first is still waiting for the carrier.
    const schema = `pgboss_mp_${randomBytes(3).toString('hex')}`;
    const engines: Engine[] = [];
    for (let i = 0; i < 2; i += 1) {
      engines.push(
        await startEngine({
          db: handle.db,
          databaseUrl: url,
          schema,
          simulatorBaseUrl: base,
          companyIds: [companyId],
          log: () => undefined,
          config: {
            tickMs: 0,
            pollLeaseSeconds: 1,
            jobExpireSeconds: 1,
            pollIntervalSeconds: 0,
            retryBaseSeconds: 0,
            notFoundPolls: 1000,
            workerPollSeconds: 0.5,
          },
        }),
      );
    }
    try {
      const end = Date.now() + 12_000;
      while (Date.now() < end) {
        await Promise.all([...engines.map((e) => e.tick()), ...ids.map((id) => engines[id % 2].enqueue(id))]);
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(polls).toBeGreaterThanOrEqual(ids.length * 2); // polled again and again…
      expect(most).toBe(1); // …never twice at once
    } finally {
      await Promise.all(engines.map((e) => e.stop()));
      await new Promise<void>((resolve) => carrier.close(() => resolve()));
    }
  });
});
