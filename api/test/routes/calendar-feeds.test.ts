// Calendar feeds: the CRUD under the user's session (validation, bounds, tenancy) and the feed itself, read back
// with an iCalendar parser (ical.js): events, stable UIDs, an ETA change, language, scope, tenancy, revocation.
import ICAL from 'ical.js';
import type { Caller, TenantApp } from '../helpers/app';
import { insertRequest, insertShipment, portIds, startTenantApp } from '../helpers/app';
import { CALENDAR_FEED_MESSAGES, MAX_ACTIVE_FEEDS } from '../../src/services/calendar-feeds/feeds';
import { translate } from '../../src/i18n';

let app: TenantApp;
let std: Caller;
let lim: Caller;
let outsider: Caller;
let projectId: number;
let otherProjectId: number;
let templateId: number;
const ids: Record<string, string> = {};
const DAY = 86_400_000;
/** A day at UTC midnight, `n` days from today: a carrier's date without a time. */
const dayFromToday = (n: number) => new Date(Math.floor(Date.now() / DAY) * DAY + n * DAY);
/** A time of day (14:30 UTC), `n` days from today. */
const timeFromToday = (n: number) => new Date(dayFromToday(n).getTime() + 14.5 * 3_600_000);

type Parsed = {
  uid: string;
  summary: string;
  start: ICAL.Time;
  end: ICAL.Time;
  sequence: number;
  props: ICAL.Component;
};

function parse(text: string): { calendar: ICAL.Component; events: Parsed[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate,
      end: e.endDate,
      sequence: e.sequence,
      props: c,
    };
  });
  return { calendar, events };
}

async function createFeed(caller: Caller, body: Record<string, unknown>, lang = 'en') {
  return caller({
    method: 'POST',
    url: '/api/calendar-feeds/',
    payload: body,
    headers: { 'accept-language': lang },
  });
}

/** The path of a feed URL (the app is reached through inject). */
const pathOf = (url: string) => new URL(url).pathname;

async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  return app.ctx.app.inject({ method: 'GET', url: pathOf(url), headers });
}

beforeAll(async () => {
  app = await startTenantApp();
  ({ std, lim, outsider } = app);
  const { ctx, t } = app;
  const db = ctx.handle.db;
  const ports = await portIds(ctx, ['ESVLC', 'CNSHA']);
  const project = async (companyId: number, name: string) =>
    (
      await db
        .insertInto('projects')
        .values({ company_id: companyId, name } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  projectId = await project(t.companyId, `Cal ${t.companyId}`);
  otherProjectId = await project(t.otherCompanyId, `Cal other ${t.otherCompanyId}`);
  const request = await insertRequest(ctx, { company_id: t.companyId, code_value: `CAL${t.companyId}` });
  const otherRequest = await insertRequest(ctx, {
    company_id: t.otherCompanyId,
    code_value: `CALO${t.companyId}`,
  });
  // a: timed ETA at POD in 5 days, a delivery date (no time) in 8 days, in the project.
  ids.a = await insertShipment(ctx, {
    company_id: t.companyId,
    tracking_request_id: request,
    container_number: 'MSCU1234565',
    booking_number: 'BKGCALA',
    client_code: 'Client-Cal',
    pol_loc_id: ports.ESVLC,
    pod_loc_id: ports.CNSHA,
    project_id: projectId,
    eta: timeFromToday(5),
    delivery_planned_last: dayFromToday(8),
  });
  // b: ETA at POD as a date only, in 20 days, no project.
  ids.b = await insertShipment(ctx, {
    company_id: t.companyId,
    tracking_request_id: request,
    container_number: 'MSCU7654321',
    pod_loc_id: ports.CNSHA,
    eta: dayFromToday(20),
  });
  // c: arrived 3 days ago (actual arrival).
  ids.c = await insertShipment(ctx, {
    company_id: t.companyId,
    tracking_request_id: request,
    container_number: 'TGHU1111111',
    eta: timeFromToday(-4),
    ata: timeFromToday(-3),
  });
  // outside the window: 40 days ago and 200 days ahead; hidden: never shown.
  ids.old = await insertShipment(ctx, {
    company_id: t.companyId,
    tracking_request_id: request,
    container_number: 'TGHU2222222',
    eta: timeFromToday(-40),
  });
  ids.far = await insertShipment(ctx, {
    company_id: t.companyId,
    tracking_request_id: request,
    container_number: 'TGHU3333333',
    eta: timeFromToday(200),
  });
  ids.hidden = await insertShipment(ctx, {
    company_id: t.companyId,
    tracking_request_id: request,
    container_number: 'TGHU4444444',
    hidden: true,
    eta: timeFromToday(6),
  });
  // another company's shipment, in the same window.
  ids.other = await insertShipment(ctx, {
    company_id: t.otherCompanyId,
    tracking_request_id: otherRequest,
    container_number: 'OOLU9999999',
    project_id: otherProjectId,
    eta: timeFromToday(5),
  });
  templateId = (
    await db
      .insertInto('export_templates')
      .values({
        company_id: t.companyId,
        user_id: t.standard.id,
        name: 'Only MSCU7654321',
        columns: ['container_number'],
        filters: JSON.stringify({ search: 'MSCU7654321' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => app.ctx.close());

describe('the feed', () => {
  let url: string;
  beforeAll(async () => {
    const res = await createFeed(std, { name: 'All arrivals', scope: 'all' }, 'en');
    expect(res.statusCode).toBe(201);
    url = res.json().url;
  });

  it('is iCalendar with the shipments of the window, timed or all-day by the precision of the date', async () => {
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    const { calendar, events } = parse(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Arrivals – All arrivals');
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const uid = (id: string, m: string) =>
      [...byUid.keys()].find((k) => k.startsWith(`shipment-${id}-${m}-`));
    // a (POD and delivery), b (POD), c (POD): nothing outside the window, hidden or of another company
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.summary).join('\n')).not.toMatch(/TGHU2222222|TGHU3333333|TGHU4444444|OOLU/);
    const aPod = byUid.get(uid(ids.a, 'pod')!)!;
    expect(aPod.summary).toBe('ETA at POD: MSCU1234565 – Shanghai (CNSHA)');
    expect(aPod.start.isDate).toBe(false);
    expect(aPod.start.toJSDate().toISOString()).toBe(timeFromToday(5).toISOString());
    expect(aPod.props.getFirstPropertyValue('url')).toBe(`http://localhost:80/shipments/${ids.a}`);
    expect(String(aPod.props.getFirstPropertyValue('description'))).toContain('Client code: Client-Cal');
    expect(aPod.props.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    const aDlv = byUid.get(uid(ids.a, 'delivery')!)!;
    expect(aDlv.summary).toBe('ETA delivery: MSCU1234565');
    expect(aDlv.start.isDate).toBe(true);
    const iso = dayFromToday(8).toISOString().slice(0, 10);
    expect(aDlv.start.toString()).toBe(iso);
    const bPod = byUid.get(uid(ids.b, 'pod')!)!;
    expect(bPod.start.isDate).toBe(true);
    expect(byUid.get(uid(ids.c, 'pod')!)!.summary).toBe('Arrived at POD: TGHU1111111');
  });

  it('keeps its UIDs (and its text) across fetches, and answers 304 to If-None-Match', async () => {
    const first = await fetchFeed(url);
    const second = await fetchFeed(url);
    expect(parse(second.body).events.map((e) => e.uid)).toEqual(parse(first.body).events.map((e) => e.uid));
    expect(second.body).toBe(first.body);
    const again = await fetchFeed(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('moves an event when its ETA changes, with a higher SEQUENCE and a later LAST-MODIFIED', async () => {
    const db = app.ctx.handle.db;
    const before = parse((await fetchFeed(url)).body).events.find((e) =>
      e.uid.startsWith(`shipment-${ids.b}-pod-`),
    )!;
    // as the engine does: the new date and a line of its change history, in one go
    const moved = timeFromToday(22);
    const change = await db.transaction().execute(async (trx) => {
      await trx.updateTable('shipments').set({ eta: moved }).where('id', '=', ids.b).execute();
      return trx
        .insertInto('milestone_date_changes')
        .values({ shipment_id: ids.b, field: 'eta', old_value: dayFromToday(20), new_value: moved })
        .returning('changed_at')
        .executeTakeFirstOrThrow();
    });
    const after = parse((await fetchFeed(url)).body).events.find((e) => e.uid === before.uid)!;
    expect(after.start.isDate).toBe(false);
    expect(after.start.toJSDate().toISOString()).toBe(moved.toISOString());
    expect(after.sequence).toBeGreaterThan(before.sequence);
    const modified = (e: Parsed) => (e.props.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate();
    // iCalendar times have whole seconds: the change may fall in the same second as the one before it, so
    // LAST-MODIFIED is checked to be this change's time rather than strictly later than the previous one.
    expect(modified(after).getTime()).toBe(Math.floor(new Date(change.changed_at).getTime() / 1000) * 1000);
    expect(modified(after).getTime()).toBeGreaterThanOrEqual(modified(before).getTime());
    expect((after.props.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate()).toEqual(modified(after));
  });

  it('speaks the language of the feed', async () => {
    const res = await createFeed(std, { name: 'Llegadas', scope: 'all', lang: 'es' }, 'en');
    const { calendar, events } = parse((await fetchFeed(res.json().url)).body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Llegadas – Llegadas');
    expect(events.map((e) => e.summary)).toContain('ETA en POD: MSCU1234565 – Shanghai (CNSHA)');
    expect(events.map((e) => e.summary)).toContain('Llegada a POD: TGHU1111111');
    // without `lang`, the language of the request
    const es = await createFeed(std, { name: 'Por defecto', scope: 'all' }, 'es');
    expect(es.json().lang).toBe('es');
  });

  it('narrows to a project or a saved filter', async () => {
    const byProject = await createFeed(std, { name: 'Project', scope: 'project', project: projectId });
    expect(byProject.statusCode).toBe(201);
    const projectEvents = parse((await fetchFeed(byProject.json().url)).body).events;
    expect(projectEvents.map((e) => e.uid.split('-')[1]).sort()).toEqual([ids.a, ids.a]);
    const byTemplate = await createFeed(std, { name: 'Saved', scope: 'template', template: templateId });
    expect(byTemplate.statusCode).toBe(201);
    expect(byTemplate.json().template_name).toBe('Only MSCU7654321');
    const templateEvents = parse((await fetchFeed(byTemplate.json().url)).body).events;
    expect(templateEvents.map((e) => e.summary)).toEqual([expect.stringContaining('MSCU7654321')]);
  });

  it('never shows another company’s shipment, even to its project id', async () => {
    const res = await createFeed(outsider, { name: 'Mine', scope: 'all' });
    const events = parse((await fetchFeed(res.json().url)).body).events;
    expect(events.map((e) => e.summary)).toEqual(['ETA at POD: OOLU9999999']);
    const steal = await createFeed(std, { name: 'Theirs', scope: 'project', project: otherProjectId });
    expect(steal.statusCode).toBe(400);
    expect(steal.json()).toEqual({ project: ['Unknown project.'] });
  });

  it('answers 404 in plain text once revoked, or when the owner is deactivated', async () => {
    const created = (await createFeed(std, { name: 'Short-lived', scope: 'all', lang: 'es' })).json();
    expect((await fetchFeed(created.url)).statusCode).toBe(200);
    expect((await std({ method: 'DELETE', url: `/api/calendar-feeds/${created.id}/` })).statusCode).toBe(204);
    const gone = await fetchFeed(created.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(gone.headers['x-robots-tag']).toMatch(/noindex/);
    expect(gone.body).toMatch(/^No se encuentra este calendario/);
    const unknown = await app.ctx.app.inject({ method: 'GET', url: `/api/calendar/${'x'.repeat(43)}.ics` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Calendar feed not found.');
    expect(unknown.body).toContain('No se encuentra este calendario.');
    const junk = await app.ctx.app.inject({ method: 'GET', url: '/api/calendar/not-a-secret.ics' });
    expect(junk.statusCode).toBe(404);

    const mine = (await createFeed(std, { name: 'Owner deactivated', scope: 'all' })).json();
    expect((await fetchFeed(mine.url)).statusCode).toBe(200);
    const db = app.ctx.handle.db;
    await db.updateTable('users').set({ is_active: false }).where('id', '=', app.t.standard.id).execute();
    try {
      expect((await fetchFeed(mine.url)).statusCode).toBe(404);
    } finally {
      await db.updateTable('users').set({ is_active: true }).where('id', '=', app.t.standard.id).execute();
    }
  });
});

describe('the feed calls', () => {
  it('need a session', async () => {
    const res = await app.ctx.app.inject({ method: 'GET', url: '/api/calendar-feeds/' });
    expect(res.statusCode).toBe(401);
  });

  it('are writes a limited user may not make (403), though it may list its own', async () => {
    expect((await createFeed(lim, { name: 'Limited user', scope: 'all' })).statusCode).toBe(403);
    const mine = (await createFeed(std, { name: 'Not the limited user’s', scope: 'all' })).json();
    const revoke = await lim({ method: 'DELETE', url: `/api/calendar-feeds/${mine.id}/` });
    expect(revoke.statusCode).toBe(403);
    expect((await lim({ method: 'GET', url: '/api/calendar-feeds/' })).statusCode).toBe(200);
  });

  it('check the body', async () => {
    const blank = await createFeed(std, { name: '  ', scope: 'project' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      name: ['This field may not be blank.'],
      project: ['This field is required.'],
    });
    const extra = await createFeed(std, {
      name: 'x',
      scope: 'all',
      project: projectId,
      template: templateId,
    });
    expect(extra.json()).toEqual({
      project: ['Only used with scope "project".'],
      template: ['Only used with scope "template".'],
    });
    const long = await createFeed(std, { name: 'x'.repeat(101), scope: 'all' });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['name']);
    const badScope = await createFeed(std, { name: 'x', scope: 'everything' });
    expect(badScope.statusCode).toBe(400);
    // another user's saved filter is not the caller's
    const notMine = await createFeed(app.mate, { name: 'x', scope: 'template', template: templateId }, 'es');
    expect(notMine.json()).toEqual({ template: ['Filtro guardado desconocido.'] });
  });

  it('list only the caller’s own feeds, never their secrets, and revoke only those', async () => {
    const created = (await createFeed(app.mate, { name: 'Mate feed', scope: 'all' })).json();
    expect(created.url).toMatch(/^http:\/\/localhost:80\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const list = (await app.mate({ method: 'GET', url: '/api/calendar-feeds/' })).json();
    expect(list.map((f: { name: string }) => f.name)).toEqual(['Mate feed']);
    expect(JSON.stringify(list)).not.toContain(pathOf(created.url).slice(14, 57));
    expect((await std({ method: 'DELETE', url: `/api/calendar-feeds/${created.id}/` })).statusCode).toBe(404);
    expect((await outsider({ method: 'DELETE', url: `/api/calendar-feeds/${created.id}/` })).statusCode).toBe(
      404,
    );
    expect((await fetchFeed(created.url)).statusCode).toBe(200);
    expect((await app.mate({ method: 'DELETE', url: '/api/calendar-feeds/abc/' })).statusCode).toBe(404);
    expect((await app.mate({ method: 'DELETE', url: `/api/calendar-feeds/${created.id}/` })).statusCode).toBe(
      204,
    );
    const after = (await app.mate({ method: 'GET', url: '/api/calendar-feeds/' })).json();
    expect(after[0]).toMatchObject({ name: 'Mate feed', status: 'revoked' });
  });

  it(`hold at most ${MAX_ACTIVE_FEEDS} active feeds per user`, async () => {
    const { outsider: o } = app;
    const existing = (await o({ method: 'GET', url: '/api/calendar-feeds/' })).json().length;
    for (let i = existing; i < MAX_ACTIVE_FEEDS; i += 1) {
      expect((await createFeed(o, { name: `Feed ${i}`, scope: 'all' })).statusCode).toBe(201);
    }
    const over = await createFeed(o, { name: 'One too many', scope: 'all' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      non_field_errors: [`You can have at most ${MAX_ACTIVE_FEEDS} active calendar feeds. Revoke one first.`],
    });
  });
});

it('has every refusal of the feed calls in Spanish', () => {
  const texts = [
    ...Object.values(CALENDAR_FEED_MESSAGES).flatMap((m) => (typeof m === 'string' ? [m] : [])),
    CALENDAR_FEED_MESSAGES.notForScope('project'),
  ];
  for (const text of texts) expect([text, translate(text, 'es')]).not.toEqual([text, text]);
});

describe('the feed address', () => {
  it('is rate-limited per client', async () => {
    const { startTestApp } = await import('../helpers/app');
    const ctx = await startTestApp({ calendar: { rateLimit: { max: 2, timeWindowMs: 60_000 } } });
    try {
      // The window is counted in the database, shared by every app of this run: the earlier feeds of this file
      // were read from the same address within the minute.
      await ctx.handle.db.deleteFrom('rate_limit_hits').where('bucket', 'like', 'calendar:%').execute();
      const path = `/api/calendar/${'y'.repeat(43)}.ics`;
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      const third = await ctx.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'es' } });
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(third.json().detail).toMatch(/^Demasiadas peticiones para este calendario/);
    } finally {
      await ctx.close();
    }
  });

  it('holds at most the configured number of events, the nearest to today', async () => {
    const { startTestApp, login, as } = await import('../helpers/app');
    const ctx = await startTestApp({ calendar: { maxEvents: 2 } });
    try {
      const caller = as(ctx.app, await login(ctx.app, app.t.standard.username, app.t.standard.password));
      const res = await caller({
        method: 'POST',
        url: '/api/calendar-feeds/',
        payload: { name: 'Two', scope: 'all' },
      });
      const text = (await ctx.app.inject({ method: 'GET', url: pathOf(res.json().url) })).body;
      const summaries = parse(text).events.map((e) => e.summary);
      // today ± days: c (−3), a's POD (+5)
      expect(summaries).toEqual([
        'Arrived at POD: TGHU1111111',
        'ETA at POD: MSCU1234565 – Shanghai (CNSHA)',
      ]);
    } finally {
      await ctx.close();
    }
  });
});
