import { type TestContext, type Tenant, type Caller, startTenantApp } from '../helpers/app';
import { createUser } from '../../src/services/accounts';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let lim: Caller;
let outsider: Caller;

beforeAll(async () => {
  ({ ctx, t, std, lim, outsider } = await startTenantApp());
});
afterAll(() => ctx.close());

const profile = (id: number) =>
  ctx.handle.db.selectFrom('user_profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /api/user-profiles/', () => {
  it("lists only the caller's company", async () => {
    const res = await std({ method: 'GET', url: '/api/user-profiles/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, next: null, previous: null });
    expect(body.results.map((p: { id: number }) => p.id).sort()).toEqual(
      [t.standard.id, t.colleague.id, t.limited.id].sort(),
    );
    expect(body.results.every((p: { company: number }) => p.company === t.companyId)).toBe(true);
    const other = (await outsider({ method: 'GET', url: '/api/user-profiles/' })).json();
    expect(other.count).toBe(1);
    expect(other.results[0].id).toBe(t.outsider.id);
  });

  it('pages by 30 with absolute next/previous URLs', async () => {
    for (let i = 0; i < 30; i++) {
      await createUser(ctx.handle.db, {
        username: `bulk${i}_${t.companyId}`,
        password: 'x',
        companyId: t.otherCompanyId,
        hashCost: 2,
      });
    }
    const first = (await outsider({ method: 'GET', url: '/api/user-profiles/' })).json();
    expect(first.count).toBe(31);
    expect(first.results).toHaveLength(30);
    expect(first.next).toBe('http://localhost/api/user-profiles/?page=2');
    expect(first.previous).toBeNull();
    const second = (await outsider({ method: 'GET', url: '/api/user-profiles/?page=2' })).json();
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('http://localhost/api/user-profiles/');
    const past = await outsider({ method: 'GET', url: '/api/user-profiles/?page=3' });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user-profiles/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user-profiles/{id}/', () => {
  it('answers a profile of the same company (id = user id)', async () => {
    const res = await std({ method: 'GET', url: `/api/user-profiles/${t.colleague.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.colleague.id, user: t.colleague.id, company: t.companyId });
  });

  it("404 for another company's profile or a bad id", async () => {
    for (const id of [t.outsider.id, 999999, 'abc']) {
      const res = await std({ method: 'GET', url: `/api/user-profiles/${id}/` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('PATCH /api/user-profiles/{id}/', () => {
  const patch = (caller: Caller, id: number, payload: unknown) =>
    caller({ method: 'PATCH', url: `/api/user-profiles/${id}/`, payload: payload as object });

  it('saves own thresholds and preferences; days_in_advance is stored negative', async () => {
    const res = await patch(std, t.standard.id, {
      max_days_in_tsp: 3,
      email_report_max_days_eta_pod_discrepancy: 2,
      days_of_delay: 4,
      days_in_advance: 5,
      email_report_days_in_advance: -2,
      report_emails: ['ops@example.com', 'boss@example.co.uk'],
      attention_required_event_codes: [901, 101],
      pod_timeofarrival_warning_risk: 2,
      shipments_fields: ['container_number', 'eta'],
      company: t.companyId,
      role: 1,
      is_manager: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      max_days_in_tsp: 3,
      days_in_advance: -5,
      email_report_days_in_advance: -2,
    });
    expect(await profile(t.standard.id)).toMatchObject({
      max_days_in_tsp: 3,
      email_report_max_days_eta_pod_discrepancy: 2,
      days_of_delay: 4,
      days_in_advance: -5,
      email_report_days_in_advance: -2,
      report_emails: ['ops@example.com', 'boss@example.co.uk'],
      attention_required_event_codes: [901, 101],
      pod_timeofarrival_warning_risk: 2,
      shipments_fields: ['container_number', 'eta'],
    });
    const cleared = await patch(std, t.standard.id, { max_days_in_tsp: null });
    expect(cleared.json().max_days_in_tsp).toBeNull();
  });

  it('validates every field, all or nothing', async () => {
    const before = await profile(t.standard.id);
    const res = await patch(std, t.standard.id, {
      shipments_fields: ['ok'],
      max_days_in_tsp: 0,
      max_days_in_pod_planned_last: 'x',
      days_of_delay: 0,
      days_in_advance: 0,
      report_emails: ['good@example.com', 'not-an-email'],
      attention_required_event_codes: ['a'],
      pod_timeofarrival_warning_risk: 3,
      trackings_fields: 'status',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      max_days_in_tsp: ['Ensure this value is greater than or equal to 1.'],
      max_days_in_pod_planned_last: ['A valid integer is required.'],
      days_of_delay: ['Ensure this value is greater than or equal to 1.'],
      report_emails: ['Enter a valid email address.'],
      attention_required_event_codes: ['A valid integer is required.'],
      pod_timeofarrival_warning_risk: ['"3" is not a valid choice.'],
      trackings_fields: ['Expected a list of items but got type "str".'],
    });
    const zero = await patch(std, t.standard.id, { days_in_advance: 0, shipments_fields: ['x'] });
    expect(zero.json()).toEqual({ days_in_advance: ['Ensure this value is not equal to 0.'] });
    expect(await profile(t.standard.id)).toEqual(before);
  });

  it('bounds every number at int4 and refuses unknown event codes, saving nothing', async () => {
    const before = await profile(t.standard.id);
    const res = await patch(std, t.standard.id, {
      days_of_delay: 2147483648,
      max_days_eta_dlv_discrepancy: 2147483648,
      attention_required_event_codes: [2147483648],
      email_report_attention_required_event_codes: [901, 4242, 77],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      days_of_delay: ['Ensure this value is less than or equal to 2147483647.'],
      max_days_eta_dlv_discrepancy: ['Ensure this value is less than or equal to 2147483647.'],
      attention_required_event_codes: ['Ensure this value is less than or equal to 2147483647.'],
    });
    expect(Object.keys(body).sort()).toEqual(
      ['attention_required_event_codes', 'days_of_delay', 'max_days_eta_dlv_discrepancy'].sort(),
    );
    const lists = await patch(std, t.standard.id, {
      report_emails: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`),
    });
    expect(lists.statusCode).toBe(400);
    expect(Object.keys(lists.json())).toEqual(['report_emails']);
    const columns = await patch(std, t.standard.id, {
      shipments_fields: Array.from({ length: 301 }, (_, i) => `c${i}`),
    });
    expect(columns.statusCode).toBe(400);
    expect(Object.keys(columns.json())).toEqual(['shipments_fields']);
    // -abs(-2^31) would not fit: the lowest day in advance is -(2^31 - 1).
    const low = await patch(std, t.standard.id, { email_report_days_in_advance: -2147483648 });
    expect(low.json()).toEqual({
      email_report_days_in_advance: ['Ensure this value is greater than or equal to -2147483647.'],
    });
    // The schema passes; the codes are then checked against the event codes, all or nothing.
    const codes = await patch(std, t.standard.id, {
      days_of_delay: 3,
      email_report_attention_required_event_codes: [901, 4242, 77, 4242],
    });
    expect(codes.statusCode).toBe(400);
    expect(codes.json()).toEqual({
      email_report_attention_required_event_codes: [
        'Invalid pk "4242" - object does not exist.',
        'Invalid pk "77" - object does not exist.',
      ],
    });
    expect(await profile(t.standard.id)).toEqual(before);
    // Shipment reads keep working for the user (the stored codes are valid).
    expect((await std({ method: 'GET', url: '/api/shipments/' })).statusCode).toBe(200);
  });

  it.each([
    ['"2.5"', '2.5', 'A valid integer is required.'],
    ['2.5', 2.5, 'A valid integer is required.'],
    ['"abc"', 'abc', 'A valid integer is required.'],
    ['"25"', '25', 'A valid integer is required.'],
    ['11 digits', 99999999999, 'Ensure this value is less than or equal to 2147483647.'],
    ['0', 0, 'Ensure this value is greater than or equal to 1.'],
  ])('refuses %s as a threshold with the field’s message, saving nothing', async (_name, value, message) => {
    const before = await profile(t.standard.id);
    const fields = ['days_of_delay', 'max_days_in_tsp', 'email_report_max_days_eta_pod_discrepancy'];
    const res = await patch(std, t.standard.id, Object.fromEntries(fields.map((f) => [f, value])));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(Object.fromEntries(fields.map((f) => [f, [message]])));
    expect(await profile(t.standard.id)).toEqual(before);
  });

  it('stores empty thresholds as null, days in advance negative whatever the sign, codes once', async () => {
    const set = await patch(std, t.standard.id, {
      max_days_in_tsp: 4,
      max_days_eta_pod_discrepancy: 6,
      email_report_max_days_eta_dlv_discrepancy: 2,
      days_in_advance: -3,
      email_report_days_in_advance: 7,
      attention_required_event_codes: [902, 902, 101],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      days_in_advance: -3,
      email_report_days_in_advance: -7,
      attention_required_event_codes: [902, 101],
    });
    const cleared = await patch(std, t.standard.id, {
      max_days_in_tsp: null,
      max_days_eta_pod_discrepancy: null,
      email_report_max_days_eta_dlv_discrepancy: null,
      pod_timeofarrival_warning_risk: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await profile(t.standard.id)).toMatchObject({
      max_days_in_tsp: null,
      max_days_eta_pod_discrepancy: null,
      email_report_max_days_eta_dlv_discrepancy: null,
      pod_timeofarrival_warning_risk: null,
      days_in_advance: -3,
      email_report_days_in_advance: -7,
    });
    // null is not a value for the two day counts that have defaults.
    const nulls = await patch(std, t.standard.id, { days_of_delay: null, days_in_advance: null });
    expect(nulls.json()).toEqual({
      days_of_delay: ['This field may not be null.'],
      days_in_advance: ['This field may not be null.'],
    });
  });

  it('keeps company, role and is_manager read-only', async () => {
    const res = await patch(std, t.standard.id, {
      company: t.otherCompanyId,
      role: 2,
      is_manager: false,
      days_of_delay: 9,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      company: ['This field cannot be changed.'],
      role: ['This field cannot be changed.'],
      is_manager: ['This field cannot be changed.'],
    });
    expect(await profile(t.standard.id)).toMatchObject({
      company_id: t.companyId,
      role_id: 1,
      days_of_delay: 4,
    });
  });

  it("403 on a colleague's profile, 404 on another company's", async () => {
    const mate = await patch(std, t.colleague.id, { days_of_delay: 2 });
    expect(mate.statusCode).toBe(403);
    expect(mate.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    const other = await patch(std, t.outsider.id, { days_of_delay: 'bad' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Not found.' });
    expect((await profile(t.colleague.id)).days_of_delay).toBe(1);
  });

  it('lets a limited user change only view preferences', async () => {
    const denied = await patch(lim, t.limited.id, { max_days_in_tsp: 3, shipments_fields: ['eta'] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await profile(t.limited.id)).shipments_fields).toEqual([]);
    const ok = await patch(lim, t.limited.id, {
      shipments_fields: ['eta', 'pol'],
      trackings_fields: ['status'],
    });
    expect(ok.statusCode).toBe(200);
    expect(await profile(t.limited.id)).toMatchObject({
      shipments_fields: ['eta', 'pol'],
      trackings_fields: ['status'],
    });
  });
});

describe('email_language (the language of the scheduled report e-mails)', () => {
  const patch = (caller: Caller, id: number, payload: unknown) =>
    caller({ method: 'PATCH', url: `/api/user-profiles/${id}/`, payload: payload as object });

  it('is read on the profile and on rest-auth/user, Spanish by default', async () => {
    const own = (await std({ method: 'GET', url: `/api/user-profiles/${t.colleague.id}/` })).json();
    expect(own.email_language).toBe((await profile(t.colleague.id)).email_language);
    const me = (await lim({ method: 'GET', url: '/api/rest-auth/user/' })).json();
    expect(me.userprofile.email_language).toBe('es');
  });

  it('is saved as en or es, and read back where the report run reads it', async () => {
    const en = await patch(std, t.standard.id, { email_language: 'en' });
    expect(en.statusCode).toBe(200);
    expect(en.json().email_language).toBe('en');
    expect((await profile(t.standard.id)).email_language).toBe('en');
    const me = (await std({ method: 'GET', url: '/api/rest-auth/user/' })).json();
    expect(me.userprofile.email_language).toBe('en');
    const es = await patch(std, t.standard.id, { email_language: 'es' });
    expect(es.json().email_language).toBe('es');
    expect((await profile(t.standard.id)).email_language).toBe('es');
  });

  it('refuses any other value with a field error, saving nothing', async () => {
    const before = await profile(t.standard.id);
    for (const value of ['fr', 'EN', '', null, 1, ['en'], 'e'.repeat(5000)]) {
      const res = await patch(std, t.standard.id, { email_language: value, max_days_in_tsp: 7 });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['email_language']);
      expect(res.json().email_language).toEqual([expect.any(String)]);
    }
    const fr = await patch(std, t.standard.id, { email_language: 'fr' });
    expect(fr.json()).toEqual({ email_language: ['"fr" is not a valid choice.'] });
    const frEs = await std({
      method: 'PATCH',
      url: `/api/user-profiles/${t.standard.id}/`,
      payload: { email_language: 'fr' },
      headers: { 'accept-language': 'es' },
    });
    expect(frEs.json().email_language[0]).toMatch(/"fr"/);
    expect(frEs.json().email_language[0]).not.toMatch(/valid choice/);
    expect(await profile(t.standard.id)).toEqual(before);
  });

  it('is not a limited user’s to change', async () => {
    const denied = await patch(lim, t.limited.id, { email_language: 'en' });
    expect(denied.statusCode).toBe(403);
    expect((await profile(t.limited.id)).email_language).toBe('es');
  });
});
