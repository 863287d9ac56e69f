// Scheduled reports and alert digests over real SMTP (an in-process smtp-server): a due template run delivered
// with a correct xlsx, no double send across a restart, retry after an SMTP failure and failed after the last
// try, the digest honouring the email_report_* thresholds, and the pg-boss scheduler end to end.
import ExcelJS from 'exceljs';
import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { createMailer, type Mailer } from '../../src/mail';
import { claimDueRuns, MAX_ATTEMPTS, sendRun } from '../../src/reports/runs';
import { duePeriod } from '../../src/reports/periods';
import { startReportScheduler } from '../../src/reports/scheduler';
import { startTestApp, seedTenant, signIn, insertRequest } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';
import { startSmtp, type Inbox } from '../helpers/servers';

jest.setTimeout(120_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let smtp: Inbox;
let smtpPort: number;
let mailer: Mailer;
let inbox: ParsedMail[] = [];
const DAY = 86_400_000;
const settings = { hour: 6, portalUrl: 'http://portal.test' };
// A fixed "now" after the send hour, so the daily period is due; each test file has its own companies.
const now = new Date('2026-11-24T07:00:00Z');

async function readSheet(content: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function waitForMail(count: number, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (inbox.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

beforeAll(async () => {
  smtp = await startSmtp();
  inbox = smtp.mails;
  smtpPort = smtp.port;
  mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'portal@test' });

  ctx = await startTestApp();
  t = await seedTenant(ctx);
  std = await signIn(ctx, t.standard);
  const db = ctx.handle.db;
  const requestId = await insertRequest(ctx, { company_id: t.companyId, code_value: `RPT${t.companyId}` });
  const plan = new Date(Date.now() + 10 * DAY);
  const ship = (container: string, etaShiftDays: number) =>
    db
      .insertInto('shipments')
      .values({
        company_id: t.companyId,
        tracking_request_id: requestId,
        carrier_id: 1,
        container_number: container,
        pod_vessel_arrival_planned_initial: plan,
        eta: new Date(plan.getTime() + etaShiftDays * DAY),
        lifecycle_status: 'active',
      } as never)
      .execute();
  await ship('MSCU1000001', 0);
  await ship('MSCU1000002', 0);
  await ship('TGHU2000001', 3); // 3 days late: delayed for days_of_delay 1 and 2, on track for 5
  await ship('TGHU2000002', 4);
  await sql`UPDATE user_profiles SET report_emails = '["ops@example.com", "boss@example.com"]'::jsonb,
    email_language = 'en' WHERE id = ${t.standard.id}`.execute(db);
});

afterAll(async () => {
  await ctx?.close();
  mailer?.close();
  await smtp.stop();
});

beforeEach(() => {
  inbox.length = 0;
});

/** The schedules of the user's templates as if set long before the fixed `now` of these tests. */
const scheduledEarlier = (userId: number) =>
  sql`UPDATE export_templates SET schedule_since = '2026-10-01T00:00:00Z' WHERE user_id = ${userId}`.execute(
    ctx.handle.db,
  );

const runsOf = async (userId: number) =>
  (
    await sql<{
      id: string;
      kind: string;
      period: string;
      status: string;
      attempts: number;
      rows: number | null;
      error: string | null;
      recipients: string[];
    }>`
      SELECT id, kind, period, status, attempts, rows, error, recipients FROM report_runs WHERE user_id = ${userId} ORDER BY id`.execute(
      ctx.handle.db,
    )
  ).rows;

describe('periods', () => {
  it('is due from the hour: daily every day, weekly from Monday, monthly from the 1st', () => {
    expect(duePeriod('daily', new Date('2026-11-24T05:59:00Z'), 6)).toBeNull();
    expect(duePeriod('daily', new Date('2026-11-24T06:00:00Z'), 6)?.key).toBe('daily:2026-11-24');
    // 2026-11-24 is a Tuesday: the week's period is Monday the 23rd, due since then.
    expect(duePeriod('weekly', new Date('2026-11-24T01:00:00Z'), 6)?.key).toBe('weekly:2026-11-23');
    expect(duePeriod('weekly', new Date('2026-11-23T05:00:00Z'), 6)).toBeNull();
    expect(duePeriod('monthly', new Date('2026-12-01T05:00:00Z'), 6)).toBeNull();
    expect(duePeriod('monthly', new Date('2026-12-01T06:30:00Z'), 6)?.key).toBe('monthly:2026-12');
  });
});

describe('scheduled template reports', () => {
  it('sends a weekly template saved on a Friday first on the next Monday, and a changed schedule from then on', async () => {
    const created = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { name: 'From Friday', send_email: 'weekly', columns: ['container_number'] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const db = ctx.handle.db;
    const friday = new Date('2026-11-27T15:00:00Z');
    await sql`UPDATE export_templates SET schedule_since = ${friday} WHERE id = ${id}`.execute(db);
    const runsOfTemplate = async () =>
      (await sql<{ period: string }>`SELECT period FROM report_runs WHERE template_id = ${id}`.execute(db))
        .rows;
    // two minutes later, and all weekend: the week under way (from Monday the 23rd) is not this template's
    for (const at of ['2026-11-27T15:02:00Z', '2026-11-28T09:00:00Z', '2026-11-30T05:59:00Z'])
      await claimDueRuns(db, new Date(at), settings);
    expect(await runsOfTemplate()).toEqual([]);
    // the next Monday at the send hour: its first report
    await claimDueRuns(db, new Date('2026-11-30T06:00:00Z'), settings);
    expect(await runsOfTemplate()).toEqual([{ period: 'weekly:2026-11-30' }]);

    // Changing the schedule starts it again from the change; saving the same schedule does not.
    const body = { name: 'From Friday', columns: ['container_number'] };
    await sql`UPDATE export_templates SET schedule_since = '2026-10-01T00:00:00Z' WHERE id = ${id}`.execute(
      db,
    );
    const same = await std({
      method: 'PUT',
      url: `/api/export-templates/${id}/`,
      payload: { ...body, send_email: 'weekly' },
    });
    expect(same.statusCode).toBe(200);
    const kept = await sql<{
      s: Date;
    }>`SELECT schedule_since AS s FROM export_templates WHERE id = ${id}`.execute(db);
    expect(kept.rows[0].s.toISOString()).toBe('2026-10-01T00:00:00.000Z');
    const monthly = await std({
      method: 'PUT',
      url: `/api/export-templates/${id}/`,
      payload: { ...body, send_email: 'monthly' },
    });
    expect(monthly.statusCode).toBe(200);
    const moved = await sql<{
      s: Date;
    }>`SELECT schedule_since AS s FROM export_templates WHERE id = ${id}`.execute(db);
    expect(Date.now() - moved.rows[0].s.getTime()).toBeLessThan(60_000);
    await sql`DELETE FROM export_templates WHERE id = ${id}`.execute(db);
    // the digests those later days claimed are not the other tests' business
    await sql`DELETE FROM report_runs WHERE kind = 'digest' AND period >= 'digest:2026-11-27'`.execute(db);
  });

  it('sends a due template once, with the list’s rows in an xlsx, to the user and the report e-mails', async () => {
    const created = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: {
        name: 'Late boxes',
        send_email: 'daily',
        columns: ['container_number', 'health'],
        filters: { health: ['delayed'], ordering: ['container_number'] },
      },
    });
    expect(created.statusCode).toBe(201);
    await scheduledEarlier(t.standard.id);
    const claimed = await claimDueRuns(ctx.handle.db, now, settings);
    const runs = await runsOf(t.standard.id);
    const run = runs.find((r) => r.kind === 'template')!;
    expect(run.period).toBe('daily:2026-11-24');
    expect(claimed).toContain(run.id);

    expect(await sendRun(ctx.handle.db, mailer, run.id, settings)).toBe('sent');
    await waitForMail(1);
    const mail = inbox[0];
    expect(mail.subject).toBe('Report "Late boxes" (2026-11-24)');
    const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a!.value.map((v) => v.address));
    expect(to.sort()).toEqual(
      [`std_${t.standard.username.split('_')[1]}@example.com`, 'boss@example.com', 'ops@example.com'].sort(),
    );
    expect(mail.text).toContain('2 shipments');
    expect(mail.text).toContain('http://portal.test/shipments?health=delayed&ordering=container_number');
    const rows = await readSheet(mail.attachments[0].content);
    expect(rows).toEqual([
      ['Container', 'Health'],
      ['TGHU2000001', 'Later than expected'],
      ['TGHU2000002', 'Later than expected'],
    ]);
    const after = (await runsOf(t.standard.id)).find((r) => r.id === run.id)!;
    expect(after).toMatchObject({ status: 'sent', rows: 2, attempts: 1 });

    // A restart (or a second worker) claims nothing new for the same period and sends nothing again.
    expect(
      (await claimDueRuns(ctx.handle.db, new Date(now.getTime() + 3_600_000), settings)).filter(
        (id) => id === run.id,
      ),
    ).toEqual([]);
    expect(await sendRun(ctx.handle.db, mailer, run.id, settings)).toBe('skipped');
    expect((await runsOf(t.standard.id)).filter((r) => r.kind === 'template')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox).toHaveLength(1);
  });

  it('keeps a run pending with its error when SMTP is down, retries, and shows it failed after the last try', async () => {
    const dead = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'portal@test', timeoutMs: 1000 });
    const created = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { name: 'Weekly all', send_email: 'weekly', columns: ['container_number'] },
    });
    expect(created.statusCode).toBe(201);
    await scheduledEarlier(t.standard.id);
    await claimDueRuns(ctx.handle.db, now, settings);
    const run = (await runsOf(t.standard.id)).find((r) => r.period === 'weekly:2026-11-23')!;
    await expect(sendRun(ctx.handle.db, dead, run.id, settings)).rejects.toThrow();
    let state = (await runsOf(t.standard.id)).find((r) => r.id === run.id)!;
    expect(state.status).toBe('pending');
    expect(state.attempts).toBe(1);
    expect(state.error).toBeTruthy();
    // SMTP back: the retry delivers.
    expect(await sendRun(ctx.handle.db, mailer, run.id, settings)).toBe('sent');
    await waitForMail(1);
    expect(inbox).toHaveLength(1);

    // Another run that never gets through: failed after MAX_ATTEMPTS tries.
    const monthly = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { name: 'Monthly', send_email: 'monthly', columns: ['id'] },
    });
    expect(monthly.statusCode).toBe(201);
    await scheduledEarlier(t.standard.id);
    await claimDueRuns(ctx.handle.db, now, settings);
    const failing = (await runsOf(t.standard.id)).find((r) => r.period === 'monthly:2026-11')!;
    for (let i = 1; i < MAX_ATTEMPTS; i++)
      await expect(sendRun(ctx.handle.db, dead, failing.id, settings)).rejects.toThrow();
    expect(await sendRun(ctx.handle.db, dead, failing.id, settings)).toBe('failed');
    state = (await runsOf(t.standard.id)).find((r) => r.id === failing.id)!;
    expect(state).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    dead.close();
  });
});

describe('alert digest', () => {
  it('lists what the email_report_* thresholds flag, in the user’s language, and sends nothing when nothing matches', async () => {
    const db = ctx.handle.db;
    await claimDueRuns(db, now, settings);
    const digest = (await runsOf(t.standard.id)).find((r) => r.kind === 'digest')!;
    expect(digest.period).toBe('digest:2026-11-24');
    expect(await sendRun(db, mailer, digest.id, settings)).toBe('sent');
    await waitForMail(1);
    // both are late, none needs attention (no alert event): the subject says so
    expect(inbox[0].subject).toBe('Shipment alerts: 2 late (2026-11-24)');
    const to = (Array.isArray(inbox[0].to) ? inbox[0].to : [inbox[0].to]).flatMap((a) =>
      a!.value.map((v) => v.address),
    );
    expect(to.sort()).toEqual(['boss@example.com', 'ops@example.com']);
    const rows = await readSheet(inbox[0].attachments[0].content);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['TGHU2000001', 'TGHU2000002']);

    // The colleague: e-mail threshold of 4 days late, in Spanish: only the 4-day-late box... no: > 4 is none.
    await sql`UPDATE user_profiles SET report_emails = '["mate@example.com"]'::jsonb, email_report_days_of_delay = 3,
      email_language = 'es' WHERE id = ${t.colleague.id}`.execute(db);
    await claimDueRuns(db, now, settings);
    const mateRun = (await runsOf(t.colleague.id)).find((r) => r.kind === 'digest')!;
    inbox.length = 0;
    expect(await sendRun(db, mailer, mateRun.id, settings)).toBe('sent');
    await waitForMail(1);
    expect(inbox[0].subject).toBe('Alertas de sus envíos: 1 con retraso (2026-11-24)');
    const mateRows = await readSheet(inbox[0].attachments[0].content);
    expect(mateRows[0][0]).toBe('Contenedor');
    expect(mateRows.slice(1).map((r) => r[0])).toEqual(['TGHU2000002']);

    // A threshold nothing passes: no mail, the run says empty. (The next day's digest, for a fresh run.)
    await sql`UPDATE user_profiles SET email_report_days_of_delay = 10 WHERE id = ${t.colleague.id}`.execute(
      db,
    );
    await claimDueRuns(db, new Date(now.getTime() + DAY), settings);
    const next = (await runsOf(t.colleague.id)).find((r) => r.period === 'digest:2026-11-25')!;
    inbox.length = 0;
    expect(await sendRun(db, mailer, next.id, settings)).toBe('empty');
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox).toHaveLength(0);
  });
});

describe('the pg-boss scheduler', () => {
  it('claims and sends what is due on its own, once', async () => {
    const db = ctx.handle.db;
    const limited = t.limited.id;
    await sql`UPDATE user_profiles SET report_emails = '["lim@example.com"]'::jsonb, email_report_days_of_delay = 1
      WHERE id = ${limited}`.execute(db);
    // hour 0: today's digest is due now.
    const scheduler = await startReportScheduler(
      {
        db,
        mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'portal@test' }),
        log: () => undefined,
      },
      {
        hour: 0,
        portalUrl: 'http://portal.test',
        retryDelaySeconds: 1,
        pollingIntervalSeconds: 0.5,
        cron: '0 0 1 1 *',
      },
    );
    try {
      const until = Date.now() + 30_000;
      let status = '';
      while (Date.now() < until) {
        const run = (await runsOf(limited)).find((r) => r.kind === 'digest');
        status = run?.status ?? '';
        if (status === 'sent') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe('sent');
      await scheduler.tick();
      await new Promise((r) => setTimeout(r, 1000));
      expect((await runsOf(limited)).filter((r) => r.kind === 'digest')).toHaveLength(1);
      expect(inbox.filter((m) => m.text?.includes('TGHU')).length).toBeGreaterThanOrEqual(1);
    } finally {
      await scheduler.stop();
    }
  });
});
