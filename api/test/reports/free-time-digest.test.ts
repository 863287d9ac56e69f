// The digest's free-time section over real SMTP (an in-process smtp-server): the profile field "warn N days
// before the last free day" (0–60, refused otherwise in es and en, not for a limited user); the digest lists the
// company's visible containers over free time and those whose last free day falls within the user's threshold,
// with carrier, POD, last free day, days left and cost in the mail's language, each linked to its shipment; a
// different threshold lists different containers; nothing over or near and no alert: no mail.
import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { createMailer, type Mailer } from '../../src/mail';
import { sendRun } from '../../src/reports/runs';
import { todayUtc } from '../../src/tracking/free-time/view';
import { addDays } from '../../src/tracking/free-time/dates';
import { insertRequest, portIds, seedTenant, signIn, startTestApp } from '../helpers/app';
import type { Caller, Tenant, TestContext } from '../helpers/app';
import { insertFreeTimeShipment, insertRule, type FreeTimeShipment } from '../helpers/free-time';
import { startSmtp, type Inbox } from '../helpers/servers';

jest.setTimeout(120_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let lim: Caller;
let smtp: Inbox;
let mailer: Mailer;
let inbox: ParsedMail[] = [];
const DAY = 86_400_000;
const PORTAL = 'http://portal.test';
const settings = { hour: 6, portalUrl: PORTAL };
const today = todayUtc();
const ids: Record<string, string> = {};
/** The digest day claimed: each send below claims a fresh one for the user. */
let day = new Date('2026-12-01T07:00:00Z');

async function waitForMail(count: number, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (inbox.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

/**
 * The next day's digest run of this user, as the scheduler claims it (only this user's: other files' users in
 * the same database are left alone), sent; the mail (null when the run was empty).
 */
async function digestOf(userId: number): Promise<ParsedMail | null> {
  const db = ctx.handle.db;
  day = new Date(day.getTime() + DAY);
  const { rows } = await sql<{ id: string }>`INSERT INTO report_runs (kind, user_id, period)
    VALUES ('digest', ${userId}, ${`digest:${ymd(day)}`}) RETURNING id::text AS id`.execute(db);
  inbox.length = 0;
  const status = await sendRun(db, mailer, rows[0].id, settings);
  if (status === 'empty') return null;
  expect(status).toBe('sent');
  await waitForMail(1);
  return inbox[0];
}

const setProfile = (id: number, days: number, lang: 'es' | 'en') =>
  sql`UPDATE user_profiles SET free_time_warning_days = ${days}, email_language = ${lang},
    report_emails = ${JSON.stringify([`u${id}@example.com`])}::jsonb WHERE id = ${id}`.execute(ctx.handle.db);

beforeAll(async () => {
  smtp = await startSmtp();
  inbox = smtp.mails;
  mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'portal@test' });
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  [std, lim] = await Promise.all([signIn(ctx, t.standard), signIn(ctx, t.limited)]);
  const ports = await portIds(ctx, ['ESVLC', 'NLRTM']);
  const eur = await insertRule(ctx, {
    company_id: t.companyId,
    mode: 'separate',
    currency: 'EUR',
    demurrage_free_days: 5,
    detention_free_days: 7,
    demurrage_tiers: [
      { from_day: 1, to_day: 3, rate: 100 },
      { from_day: 4, to_day: null, rate: 200 },
    ],
  });
  const usd = await insertRule(ctx, {
    company_id: t.companyId,
    carrier_id: 2,
    mode: 'combined',
    currency: 'USD',
    combined_free_days: 10,
    combined_tiers: [{ from_day: 1, to_day: null, rate: 80 }],
  });
  const request = await insertRequest(ctx, { company_id: t.companyId, code_value: 'FTDIGEST1' });
  const theirs = await insertRequest(ctx, { company_id: t.otherCompanyId, code_value: 'FTDIGEST2' });
  const base = {
    company_id: t.companyId,
    tracking_request_id: request,
    carrier_id: 1,
    rule: eur,
    pod_loc_id: ports.ESVLC,
    pod_locode: 'ESVLC',
  };
  const add = async (key: string, s: Partial<FreeTimeShipment> & { discharge: number }) => {
    ids[key] = await insertFreeTimeShipment(ctx, { ...base, container_number: key, ...s }, today);
  };
  await add('OVER0000001', { discharge: -8 }); // last free day D-4: 4 days over, 3×100 + 200 = 500 €
  await add('SOON0000001', { discharge: -3 }); // last free day D+1
  await add('LATE0000004', { discharge: 0 }); // last free day D+4
  await add('HIDE0000001', { discharge: -20, hidden: true });
  // MSC at Rotterdam, one combined free time until D-6: 480 dollars so far
  await add('USDX0000001', {
    discharge: -15,
    carrier_id: 2,
    rule: usd,
    pod_loc_id: ports.NLRTM,
    pod_locode: 'NLRTM',
  });
  // another company's, with a last free day its carrier sent (D-5) and no tariff
  const them = { company_id: t.otherCompanyId, tracking_request_id: theirs, rule: null };
  await add('THEM0000001', { ...them, discharge: -20, carrierDemurrageLfd: -5 });
});

afterAll(async () => {
  await ctx?.close();
  mailer?.close();
  await smtp?.stop();
});

describe('the threshold field', () => {
  const patch = (caller: Caller, id: number, body: unknown, lang = 'en') =>
    caller({
      method: 'PATCH',
      url: `/api/user-profiles/${id}/`,
      payload: body as object,
      headers: { 'accept-language': lang },
    });

  it('is 3 by default, takes 0–60 whole days and refuses the rest in es and en', async () => {
    const own = await std({ method: 'GET', url: `/api/user-profiles/${t.standard.id}/` });
    expect(own.json().free_time_warning_days).toBe(3);
    for (const [value, en, es] of [
      [
        -1,
        'Ensure this value is greater than or equal to 0.',
        'Asegúrese de que este valor sea mayor o igual que 0.',
      ],
      [
        61,
        'Ensure this value is less than or equal to 60.',
        'Asegúrese de que este valor sea menor o igual que 60.',
      ],
      [2.5, 'A valid integer is required.', 'Introduzca un número entero válido.'],
      ['5', 'A valid integer is required.', 'Introduzca un número entero válido.'],
    ] as const) {
      const res = await patch(std, t.standard.id, { free_time_warning_days: value, days_of_delay: 4 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ free_time_warning_days: [en] });
      const spanish = await patch(std, t.standard.id, { free_time_warning_days: value }, 'es');
      expect(spanish.json()).toEqual({ free_time_warning_days: [es] });
    }
    expect((await patch(std, t.standard.id, { free_time_warning_days: null })).statusCode).toBe(400);
    // all or nothing: the valid field sent beside a refused one was not saved
    expect((await std({ method: 'GET', url: `/api/user-profiles/${t.standard.id}/` })).json()).toMatchObject({
      free_time_warning_days: 3,
      days_of_delay: 1,
    });
    for (const value of [0, 60, 3]) {
      const res = await patch(std, t.standard.id, { free_time_warning_days: value });
      expect(res.statusCode).toBe(200);
      expect(res.json().free_time_warning_days).toBe(value);
    }
    // an alert threshold, like the others: not for a limited user
    expect((await patch(lim, t.limited.id, { free_time_warning_days: 5 })).statusCode).toBe(403);
  });
});

describe('the digest’s free-time section', () => {
  it('lists, in English, what is over and what ends within 3 days, with cost and links', async () => {
    await setProfile(t.standard.id, 3, 'en');
    const mail = (await digestOf(t.standard.id))!;
    expect(mail.subject).toBe(`Shipment alerts: 2 over free time, 1 ends within 3 days (${ymd(day)})`);
    // no late or alerted shipment: only the section, no sheet attached
    expect(mail.attachments).toHaveLength(0);
    const text = mail.text!;
    expect(containers(text)).toEqual(['USDX0000001', 'OVER0000001', 'SOON0000001']);
    expect(lineOf(text, 'OVER0000001')).toBe(
      `OVER0000001 | Maersk | ESVLC | Demurrage | ${addDays(today, -4)} | -4 | €500.00`,
    );
    expect(lineOf(text, 'USDX0000001')).toBe(
      `USDX0000001 | MSC | NLRTM | Free time | ${addDays(today, -6)} | -6 | US$480.00`,
    );
    expect(lineOf(text, 'SOON0000001')).toContain(`| ${addDays(today, 1)} | 1 | €0.00`);
    expect(text).toContain(`${PORTAL}/shipments/${ids.OVER0000001}`);
    expect(mail.html).toContain(`<a href="${PORTAL}/shipments/${ids.USDX0000001}">Open</a>`);
    expect(mail.html).toContain('Free time (demurrage and detention)');
  });

  it('follows the threshold, in Spanish: 0 days lists only what is over, 5 days adds the later one', async () => {
    await setProfile(t.colleague.id, 0, 'es');
    const none = (await digestOf(t.colleague.id))!;
    expect(none.subject).toBe(`Alertas de sus envíos: 2 fuera de tiempo libre (${ymd(day)})`);
    expect(containers(none.text!)).toEqual(['USDX0000001', 'OVER0000001']);
    expect(lineOf(none.text!, 'OVER0000001')).toBe(
      `OVER0000001 | Maersk | ESVLC | Demora | ${addDays(today, -4)} | -4 | 500,00\u00a0€`,
    );
    expect(lineOf(none.text!, 'USDX0000001')).toContain('| Tiempo libre |');
    expect(lineOf(none.text!, 'USDX0000001')).toContain('480,00\u00a0US$');
    expect(none.html).toContain('Tiempo libre (demora y detención)');
    // no English clock names reach a Spanish mail
    expect(none.text).not.toMatch(/Demurrage|Detention/);

    await setProfile(t.colleague.id, 5, 'es');
    const wider = (await digestOf(t.colleague.id))!;
    expect(wider.subject).toBe(
      `Alertas de sus envíos: 2 fuera de tiempo libre, 2 terminan en 5 días o menos (${ymd(day)})`,
    );
    expect(containers(wider.text!)).toEqual(['USDX0000001', 'OVER0000001', 'SOON0000001', 'LATE0000004']);
  });

  it('sends nothing to a user of a company with nothing over or near its last free day', async () => {
    await setProfile(t.outsider.id, 60, 'en');
    // the other company's only container is over: it is listed for its own user, never for this company
    const theirs = (await digestOf(t.outsider.id))!;
    expect(containers(theirs.text!)).toEqual(['THEM0000001']);
    expect(lineOf(theirs.text!, 'THEM0000001')).toBe(
      `THEM0000001 | Maersk | ESVLC | Demurrage | ${addDays(today, -5)} | -5 | no tariff`,
    );
    await sql`UPDATE shipments SET free_time_lfd = NULL WHERE id = ${ids.THEM0000001}`.execute(ctx.handle.db);
    expect(await digestOf(t.outsider.id)).toBeNull();
  });
});

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The containers of the section's lines, in order. */
const containers = (text: string) =>
  text
    .split('\n')
    .filter((l) => /^[A-Z]{4}\d{7} \|/.test(l))
    .map((l) => l.split(' | ')[0]);

const lineOf = (text: string, container: string) =>
  text.split('\n').find((l) => l.startsWith(`${container} |`)) ?? '';
