import { startTestApp, seedTenant, type TestContext, type Tenant, signIn, type Caller } from '../helpers/app';

// The machine is shared: allow for a slow start (the project's testTimeout is not applied per project).
jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let call: Caller;

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
  call = await signIn(ctx, t.standard);
});
afterAll(() => ctx.close());

describe('GET /api/rest-auth/user/', () => {
  it('answers the user with the whole profile', async () => {
    const res = await call({ method: 'GET', url: '/api/rest-auth/user/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: t.standard.id,
      username: t.standard.username,
      first_name: 'First',
      last_name: 'Last',
      email: `${t.standard.username}@example.com`,
      is_superuser: false,
    });
    expect(body).not.toHaveProperty('password');
    expect(body.userprofile).toMatchObject({
      id: t.standard.id,
      company: t.companyId,
      role: 1,
      is_manager: true,
      report_emails: [],
      days_of_delay: 1,
      days_in_advance: -1,
      email_report_days_of_delay: 1,
      email_report_days_in_advance: -1,
      // a new user starts with the default attention codes: roll-over, vessel change, no carrier update
      attention_required_event_codes: [901, 904, 906],
      email_report_attention_required_event_codes: [],
      pod_timeofarrival_warning_risk: null,
      email_pod_timeofarrival_warning_risk: null,
      max_days_in_tsp: null,
      max_days_eta_dlv_discrepancy: null,
      email_report_max_days_in_pod_planned_last: null,
      email_language: 'es',
      // the arrival-change mail is off until the user sets a number of hours
      eta_change_alert_hours: null,
      free_time_warning_days: 3,
      trackings_fields: [],
      shipments_fields: [],
    });
    expect(Object.keys(body.userprofile)).toHaveLength(5 + 32);
  });
});

describe('PATCH /api/rest-auth/user/', () => {
  const patch = (payload: unknown) =>
    call({ method: 'PATCH', url: '/api/rest-auth/user/', payload: payload as object });
  const stored = () =>
    ctx.handle.db.selectFrom('users').selectAll().where('id', '=', t.standard.id).executeTakeFirstOrThrow();

  it('changes first and last name', async () => {
    const res = await patch({ first_name: 'Ana', last_name: 'Silva' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Ana', last_name: 'Silva' });
    expect(await stored()).toMatchObject({ first_name: 'Ana', last_name: 'Silva' });
  });

  it('refuses a different username or email and saves nothing', async () => {
    const res = await patch({ first_name: 'Changed', username: 'someone-else', email: 'new@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      username: ['This field cannot be changed.'],
      email: ['This field cannot be changed.'],
    });
    const user = await stored();
    expect(user.first_name).toBe('Ana');
    expect(user.username).toBe(t.standard.username);
  });

  it('accepts the whole object sent back (same username and email, unknown fields ignored)', async () => {
    const current = (await call({ method: 'GET', url: '/api/rest-auth/user/' })).json();
    const res = await patch({ ...current, last_name: 'Costa', unknown_field: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().last_name).toBe('Costa');
  });

  it('validates lengths and types as {field: [messages]}', async () => {
    const res = await patch({ first_name: 'x'.repeat(151), last_name: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: ['Ensure this field has no more than 150 characters.'],
      last_name: ['Not a valid string.'],
    });
    expect((await stored()).last_name).toBe('Costa');
  });
});
