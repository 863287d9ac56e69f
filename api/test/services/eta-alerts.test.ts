// E-mails the moment an arrival moves, and "send now" of a report template, over real SMTP (an in-process
// smtp-server): the threshold field's bounds; an ETA moved by the engine's own path (ingestion, then the
// recompute that writes the shipment) queued only beyond each user's threshold, mailed once per user with all
// of that user's shipments, in the user's language, with a link to each; never twice, even with two workers.
import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { createMailer, type Mailer } from '../../src/mail';
import { queueEtaChanges } from '../../src/services/eta-alerts/queue';
import { sendEtaAlerts } from '../../src/services/eta-alerts/send';
import { startEtaAlertWorker } from '../../src/services/eta-alerts/worker';
import { engineConfig } from '../../src/tracking/engine/config';
import type { EngineDeps } from '../../src/tracking/engine/deps';
import { recomputeTrackingRequest } from '../../src/tracking/engine/recompute';
import { ingestBatch } from '../../src/tracking/ingest';
import { insertRequest, seedTenant, signIn, startTestApp } from '../helpers/app';
import type { Caller, Tenant, TestContext } from '../helpers/app';
import { startSmtp, type Inbox } from '../helpers/servers';
import { equipmentEvent, transportEvent } from '../tracking/fixtures';

jest.setTimeout(120_000);

const HOUR = 3_600_000;
const PORTAL = 'http://portal.test';
let ctx: TestContext;
let t: Tenant;
let std: Caller;
let mate: Caller;
let lim: Caller;
let outsider: Caller;
let smtp: Inbox;
let mailer: Mailer;
let inbox: ParsedMail[] = [];

async function waitForMail(count: number, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (inbox.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

const deps = (): EngineDeps => ({
  db: ctx.handle.db,
  config: engineConfig({ carrierTimeoutMs: 5000 }, {}),
  simulatorBaseUrl: null,
  callbackBaseUrl: null,
  now: () => Date.now(),
  log: () => undefined,
});

/** A booking request with one container; `estimate` publishes a new ETA at its POD (Singapore). */
async function trackedShipment(container: string) {
  const booking = `ETA${randomUUID().slice(0, 8).toUpperCase()}`;
  const id = await insertRequest(ctx, { company_id: t.companyId, code_value: booking, status: 'ongoing' });
  const docs = [{ documentReferenceType: 'BKG', documentReferenceValue: booking }];
  let published = Date.now() - 10 * HOUR;
  const ingest = async (events: Record<string, unknown>[]) => {
    await ingestBatch(ctx.handle.db, { carrierId: 1, trackingRequestId: id, source: 'poll', raw: events });
    await recomputeTrackingRequest(deps(), id);
  };
  const estimate = (eta: Date) => {
    published += HOUR;
    return transportEvent({
      eventCreatedDateTime: new Date(published).toISOString(),
      eventDateTime: eta.toISOString(),
      documentReferences: docs,
      references: [{ referenceType: 'EQ', referenceValue: container }],
    });
  };
  const loaded = equipmentEvent({
    equipmentReference: container,
    eventCreatedDateTime: new Date(published).toISOString(),
    eventDateTime: new Date(published).toISOString(),
    documentReferences: docs,
  });
  const eta0 = new Date(Date.parse('2027-01-10T06:00:00Z'));
  await ingest([loaded, estimate(eta0)]);
  const shipment = await ctx.handle.db
    .selectFrom('shipments')
    .select(['id', 'eta'])
    .where('tracking_request_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(shipment.eta?.toISOString()).toBe(eta0.toISOString());
  return {
    id: String(shipment.id),
    /** Moves the ETA at POD by `hours` through ingestion and derivation. */
    move: async (hours: number) => {
      const current = await ctx.handle.db
        .selectFrom('shipments')
        .select('eta')
        .where('id', '=', shipment.id)
        .executeTakeFirstOrThrow();
      const next = new Date(current.eta!.getTime() + hours * HOUR);
      await ingest([estimate(next)]);
      const moved = await ctx.handle.db
        .selectFrom('shipments')
        .select('eta')
        .where('id', '=', shipment.id)
        .executeTakeFirstOrThrow();
      expect(moved.eta?.toISOString()).toBe(next.toISOString());
    },
  };
}

const setThreshold = (id: number, hours: number | null, lang: 'es' | 'en') =>
  sql`UPDATE user_profiles SET eta_change_alert_hours = ${hours}, email_language = ${lang} WHERE id = ${id}`.execute(
    ctx.handle.db,
  );

const pending = async () =>
  (
    await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM eta_change_alerts a JOIN user_profiles p ON p.id = a.user_id
    WHERE a.sent_at IS NULL AND p.company_id IN (${t.companyId}, ${t.otherCompanyId})`.execute(ctx.handle.db)
  ).rows[0].n;

const mailTo = (userId: { username: string }) =>
  inbox.filter((m) => m.to && JSON.stringify(m.to).includes(`${userId.username}@example.com`));

beforeAll(async () => {
  smtp = await startSmtp();
  inbox = smtp.mails;
  mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'portal@test' });
  ctx = await startTestApp({ exportTemplates: { mailer, sendNowPerMinute: 3 } });
  t = await seedTenant(ctx);
  [std, mate, lim, outsider] = await Promise.all(
    [t.standard, t.colleague, t.limited, t.outsider].map((u) => signIn(ctx, u)),
  );
});

afterAll(async () => {
  await ctx?.close();
  mailer?.close();
  await smtp?.stop();
});

beforeEach(() => {
  inbox.length = 0;
});

describe('the threshold field', () => {
  const patch = (caller: Caller, id: number, body: unknown, lang = 'en') =>
    caller({
      method: 'PATCH',
      url: `/api/user-profiles/${id}/`,
      payload: body as object,
      headers: { 'accept-language': lang },
    });

  it('is off by default, takes 1–720 whole hours or null, and refuses the rest in es and en', async () => {
    const own = await std({ method: 'GET', url: `/api/user-profiles/${t.standard.id}/` });
    expect(own.json().eta_change_alert_hours).toBeNull();
    for (const [value, en, es] of [
      [
        0,
        'Ensure this value is greater than or equal to 1.',
        'Asegúrese de que este valor sea mayor o igual que 1.',
      ],
      [
        721,
        'Ensure this value is less than or equal to 720.',
        'Asegúrese de que este valor sea menor o igual que 720.',
      ],
      [1.5, 'A valid integer is required.', 'Introduzca un número entero válido.'],
      ['12', 'A valid integer is required.', 'Introduzca un número entero válido.'],
    ] as const) {
      const res = await patch(std, t.standard.id, { eta_change_alert_hours: value, days_of_delay: 3 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ eta_change_alert_hours: [en] });
      const spanish = await patch(std, t.standard.id, { eta_change_alert_hours: value }, 'es');
      expect(spanish.json()).toEqual({ eta_change_alert_hours: [es] });
    }
    // all or nothing: the valid field sent beside a refused one was not saved
    expect((await std({ method: 'GET', url: `/api/user-profiles/${t.standard.id}/` })).json()).toMatchObject({
      eta_change_alert_hours: null,
      days_of_delay: 1,
    });
    for (const value of [1, 720, null]) {
      const res = await patch(std, t.standard.id, { eta_change_alert_hours: value });
      expect(res.statusCode).toBe(200);
      expect(res.json().eta_change_alert_hours).toBe(value);
    }
    // an alert threshold, like the others: not for a limited user
    expect((await patch(lim, t.limited.id, { eta_change_alert_hours: 5 })).statusCode).toBe(403);
  });
});

describe('ETA-change e-mails', () => {
  it('mails each subscribed user once, grouped, in their language, only beyond their threshold', async () => {
    await setThreshold(t.standard.id, 24, 'en');
    await setThreshold(t.colleague.id, 2, 'es');
    await setThreshold(t.limited.id, null, 'en');
    await setThreshold(t.outsider.id, 1, 'en'); // another company: never its shipments
    const a = await trackedShipment('MSKU1234565');
    const b = await trackedShipment('TGHU2000009');
    // A first ETA is no move: nothing queued.
    expect(Number(await pending())).toBe(0);

    await a.move(6); // beyond 2 h, within 24 h
    await b.move(-48); // beyond both
    await a.move(3); // a further move of the same shipment: one line from the first to the last ETA
    expect(await sendEtaAlerts(ctx.handle.db, mailer, { portalUrl: PORTAL })).toBe(2);
    await waitForMail(2);
    expect(inbox).toHaveLength(2);

    const [es] = mailTo(t.colleague);
    expect(es.subject).toBe('Cambio de ETA en 2 envíos');
    expect(es.text).toContain(
      'MSKU1234565 · ETA en POD: 10/01/2027, 06:00 UTC → 10/01/2027, 15:00 UTC (+9 h)',
    );
    expect(es.text).toContain(
      'TGHU2000009 · ETA en POD: 10/01/2027, 06:00 UTC → 08/01/2027, 06:00 UTC (−48 h)',
    );
    expect(es.text).toContain(`${PORTAL}/shipments/${a.id}`);
    expect(es.text).toContain(`${PORTAL}/shipments/${b.id}`);
    expect(es.html).toContain(`<a href="${PORTAL}/shipments/${b.id}">Ver envío</a>`);

    const [en] = mailTo(t.standard);
    expect(en.subject).toBe('ETA changed for 1 shipment');
    expect(en.text).toContain(
      'TGHU2000009 · ETA at POD: 10/01/2027, 06:00 UTC → 08/01/2027, 06:00 UTC (−48 h)',
    );
    expect(en.text).toContain(`${PORTAL}/shipments/${b.id}`);
    expect(en.text).not.toContain('MSKU1234565');
    expect(mailTo(t.limited)).toHaveLength(0);
    expect(mailTo(t.outsider)).toHaveLength(0);

    // run again: each change is mailed once
    expect(await sendEtaAlerts(ctx.handle.db, mailer, { portalUrl: PORTAL })).toBe(0);
    expect(Number(await pending())).toBe(0);

    // a move below every threshold queues nothing and mails nothing
    await b.move(1);
    expect(Number(await pending())).toBe(0);

    // a hidden shipment is not in the list, nor in the mails
    await sql`UPDATE shipments SET hidden = true WHERE id = ${b.id}`.execute(ctx.handle.db);
    await b.move(10); // beyond the colleague's 2 hours only
    expect(Number(await pending())).toBe(1);
    expect(await sendEtaAlerts(ctx.handle.db, mailer, { portalUrl: PORTAL })).toBe(0);
    expect(Number(await pending())).toBe(0);
    await sql`UPDATE shipments SET hidden = false WHERE id = ${b.id}`.execute(ctx.handle.db);

    // two workers at once: the change goes out in one mail
    inbox.length = 0;
    await a.move(3);
    const runs = await Promise.all(
      [1, 2, 3].map(() => sendEtaAlerts(ctx.handle.db, mailer, { portalUrl: PORTAL })),
    );
    expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
    await waitForMail(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox).toHaveLength(1);
    expect(mailTo(t.colleague)[0].subject).toBe('Cambio de ETA en 1 envío');
  });

  it('keeps the changes pending when the mail cannot be sent, and sends them on the next run', async () => {
    await setThreshold(t.colleague.id, 2, 'en');
    const c = await trackedShipment('CAIU3000004');
    await c.move(10);
    const broken = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'portal@test', timeoutMs: 1000 });
    await expect(sendEtaAlerts(ctx.handle.db, broken, { portalUrl: PORTAL })).rejects.toThrow();
    broken.close();
    expect(Number(await pending())).toBeGreaterThan(0);
    expect(await sendEtaAlerts(ctx.handle.db, mailer, { portalUrl: PORTAL })).toBe(1);
    await waitForMail(1);
    expect(mailTo(t.colleague)[0].subject).toBe('ETA changed for 1 shipment');
    expect(Number(await pending())).toBe(0);
  });
});

describe('the queue hook', () => {
  it('watches the ETA at POD and the last planned delivery, only from one date to another', async () => {
    await setThreshold(t.colleague.id, 2, 'en');
    await setThreshold(t.standard.id, 100, 'en'); // 72 hours: within it
    const e = await trackedShipment('MSCU5000006');
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    await ctx.handle.db.transaction().execute((trx) =>
      queueEtaChanges(trx, t.companyId, e.id, [
        { column: 'delivery_planned_last', old: day('2027-01-12'), new: day('2027-01-15') },
        { column: 'delivery_planned_initial', old: day('2027-01-12'), new: day('2027-01-20') }, // not watched
        { column: 'eta', old: null, new: day('2027-01-08') }, // a first ETA is no move
        { column: 'eta', old: day('2027-01-08'), new: null }, // nor a cleared one
      ]),
    );
    const rows = (
      await sql<{ milestone: string; user_id: number }>`SELECT milestone, user_id FROM eta_change_alerts
        WHERE shipment_id = ${e.id} AND sent_at IS NULL`.execute(ctx.handle.db)
    ).rows;
    expect(rows).toEqual([{ milestone: 'delivery', user_id: t.colleague.id }]);
    expect(await sendEtaAlerts(ctx.handle.db, mailer, { portalUrl: PORTAL })).toBe(1);
    await waitForMail(1);
    expect(mailTo(t.colleague)[0].text).toContain(
      'MSCU5000006 · ETA at delivery: 12/01/2027, 00:00 UTC → 15/01/2027, 00:00 UTC (+72 h)',
    );
  });
});

describe('the pg-boss job', () => {
  it('runs on its queue and mails what is pending', async () => {
    await setThreshold(t.colleague.id, 2, 'en');
    const d = await trackedShipment('MSCU4000001');
    await d.move(-5);
    const worker = await startEtaAlertWorker(
      { db: ctx.handle.db, mailer, log: () => undefined },
      { portalUrl: PORTAL, pollingIntervalSeconds: 1 },
    );
    try {
      await worker.runNow();
      await waitForMail(1, 30_000);
    } finally {
      await worker.stop();
    }
    expect(mailTo(t.colleague)).toHaveLength(1);
    expect(mailTo(t.colleague)[0].text).toContain(`${PORTAL}/shipments/${d.id}`);
    expect(Number(await pending())).toBe(0);
  });
});

describe('send now', () => {
  it('mails the report at once to its recipients without touching its schedule; owner only; rate-limited', async () => {
    const created = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { name: 'Now please', send_email: 'weekly', columns: ['container_number'] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const schedule = () =>
      sql<{ send_email: string; schedule_since: Date; modified_at: Date }>`
        SELECT send_email, schedule_since, modified_at FROM export_templates WHERE id = ${id}`.execute(
        ctx.handle.db,
      );
    const before = (await schedule()).rows[0];
    await sql`UPDATE user_profiles SET email_language = 'en' WHERE id = ${t.standard.id}`.execute(
      ctx.handle.db,
    );

    const sent = await std({ method: 'POST', url: `/api/export-templates/${id}/send_now/` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: 'sent' });
    await waitForMail(1);
    expect(inbox).toHaveLength(1);
    expect(JSON.stringify(inbox[0].to)).toContain(`${t.standard.username}@example.com`);
    expect(inbox[0].subject).toContain('Now please');
    expect(inbox[0].attachments[0].filename).toMatch(/\.xlsx$/);
    expect((await schedule()).rows[0]).toEqual(before);

    // another user's template, or an unknown one: 404, nothing sent; a limited user: 403
    for (const caller of [mate, outsider]) {
      expect(
        (await caller({ method: 'POST', url: `/api/export-templates/${id}/send_now/` })).statusCode,
      ).toBe(404);
    }
    expect((await std({ method: 'POST', url: '/api/export-templates/999999999/send_now/' })).statusCode).toBe(
      404,
    );
    expect((await lim({ method: 'POST', url: `/api/export-templates/${id}/send_now/` })).statusCode).toBe(
      403,
    );

    // three a minute per user (the 404 above was one): the fourth call is refused in the caller's language
    expect((await std({ method: 'POST', url: `/api/export-templates/${id}/send_now/` })).statusCode).toBe(
      200,
    );
    const fourth = await std({
      method: 'POST',
      url: `/api/export-templates/${id}/send_now/`,
      headers: { 'accept-language': 'es' },
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(fourth.json().detail).toMatch(/^Demasiadas llamadas/);
    await waitForMail(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox).toHaveLength(2);
  });
});
