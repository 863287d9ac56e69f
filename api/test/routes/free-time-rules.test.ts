// The free-time rules API: every user of the company reads, managers write, limited users and other companies
// never see or touch a rule; each broken rule answers `{field: [messages]}` and saves nothing; every write asks for
// the company's containers to be recomputed.
import { carrierId, startTenantApp, type TenantApp } from '../helpers/app';

jest.setTimeout(30_000);

let s: TenantApp;
let maeu: number;
const URL = '/api/free-time-rules/';

beforeAll(async () => {
  s = await startTenantApp();
  maeu = await carrierId(s.ctx, 'MAEU');
});
afterAll(() => s.ctx.close());

const rule = (extra: Record<string, unknown> = {}) => ({
  carrier_id: maeu,
  pod_locode: 'ESVLC',
  container_type: '40HC',
  mode: 'separate',
  demurrage_free_days: 5,
  detention_free_days: 7,
  demurrage_tiers: [
    { from_day: 1, to_day: 5, rate: 75 },
    { from_day: 6, to_day: null, rate: 150 },
  ],
  currency: 'EUR',
  ...extra,
});

const count = async (companyId: number) =>
  Number(
    (
      await s.ctx.handle.db
        .selectFrom('free_time_rules')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const recomputeAsked = async (companyId: number) =>
  s.ctx.handle.db
    .selectFrom('free_time_recomputes')
    .select(['requested_at', 'done_at'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();

describe('CRUD by a manager', () => {
  it('creates, reads, changes and deletes a rule, with carrier and port names, asking for a recompute', async () => {
    await s.ctx.handle.db
      .deleteFrom('free_time_recomputes')
      .where('company_id', '=', s.t.companyId)
      .execute();
    const created = await s.std({ method: 'POST', url: URL, payload: rule() });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      carrier_id: maeu,
      carrier_scac: 'MAEU',
      pod_locode: 'ESVLC',
      container_type: '40HC',
      combined_free_days: null,
      day_count: 'calendar',
      demurrage_start: 'event_day',
      demurrage_stop: 'gate_out',
      detention_tiers: [],
      currency: 'EUR',
    });
    expect(body.carrier_name).toEqual(expect.any(String));
    expect(body.pod_name).toEqual(expect.any(String));
    // The request was deleted above, so a row is this write's request. Whether it is done yet is not this file's
    // to say: the queue is shared, and another file's worker run (tracking/free-time/apply.test.ts runs until its
    // own) may already have done it.
    expect(await recomputeAsked(s.t.companyId)).toMatchObject({ requested_at: expect.any(Date) });

    const list = await s.mate({ method: 'GET', url: URL });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.json().results[0].id).toBe(body.id);

    const patched = await s.std({
      method: 'PATCH',
      url: `${URL}${body.id}/`,
      payload: {
        mode: 'combined',
        combined_free_days: 12,
        combined_tiers: [{ from_day: 1, to_day: null, rate: 90 }],
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      mode: 'combined',
      combined_free_days: 12,
      demurrage_free_days: null,
      detention_free_days: null,
      demurrage_tiers: [],
      pod_locode: 'ESVLC',
    });

    const put = await s.std({
      method: 'PUT',
      url: `${URL}${body.id}/`,
      payload: rule({ pod_locode: 'nlrtm' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ mode: 'separate', pod_locode: 'NLRTM', combined_free_days: null });

    const removed = await s.std({ method: 'DELETE', url: `${URL}${body.id}/` });
    expect(removed.statusCode).toBe(204);
    expect(await count(s.t.companyId)).toBe(0);
  });

  it('refuses a second rule of the same scope with a message, and accepts an "any" scope beside it', async () => {
    const any = { carrier_id: null, pod_locode: null, container_type: null };
    expect((await s.std({ method: 'POST', url: URL, payload: rule(any) })).statusCode).toBe(201);
    const again = await s.std({ method: 'POST', url: URL, payload: rule(any) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      non_field_errors: ['A rule for this carrier, port and container type already exists.'],
    });
    expect((await s.std({ method: 'POST', url: URL, payload: rule() })).statusCode).toBe(201);
    await s.ctx.handle.db.deleteFrom('free_time_rules').where('company_id', '=', s.t.companyId).execute();
  });
});

describe('validation', () => {
  const post = async (extra: Record<string, unknown>) => {
    const res = await s.std({ method: 'POST', url: URL, payload: rule(extra) });
    expect(res.statusCode).toBe(400);
    expect(await count(s.t.companyId)).toBe(0);
    return res.json<Record<string, string[]>>();
  };

  it('bounds the free days and asks for the days of the mode', async () => {
    expect(await post({ demurrage_free_days: -1 })).toEqual({
      demurrage_free_days: ['Ensure this value is greater than or equal to 0.'],
    });
    expect(await post({ detention_free_days: 366 })).toEqual({
      detention_free_days: ['Ensure this value is less than or equal to 365.'],
    });
    expect(await post({ detention_free_days: null, combined_free_days: 3 })).toEqual({
      detention_free_days: ['Required when demurrage and detention are separate.'],
      combined_free_days: ['Leave this field empty when demurrage and detention are separate.'],
    });
    expect(await post({ mode: 'combined', demurrage_tiers: [] })).toEqual({
      combined_free_days: ['Required when the free time is combined.'],
      demurrage_free_days: ['Leave this field empty when the free time is combined.'],
      detention_free_days: ['Leave this field empty when the free time is combined.'],
    });
  });

  it('names the tier that overlaps, leaves a gap, does not start at day 1 or is not open-ended', async () => {
    const tiers = (list: Array<[number, number | null, number]>) =>
      list.map(([from_day, to_day, rate]) => ({ from_day, to_day, rate }));
    expect(
      await post({
        demurrage_tiers: tiers([
          [1, 5, 75],
          [5, null, 100],
        ]),
      }),
    ).toEqual({
      demurrage_tiers: ['Tier 2: starts at day 5, but the previous tier ends at day 5 (the tiers overlap).'],
    });
    expect(
      await post({
        detention_tiers: tiers([
          [1, 5, 75],
          [8, null, 100],
        ]),
      }),
    ).toEqual({
      detention_tiers: [
        'Tier 2: starts at day 8, but the previous tier ends at day 5 (the days between have no rate).',
      ],
    });
    expect(await post({ demurrage_tiers: tiers([[2, null, 75]]) })).toEqual({
      demurrage_tiers: ['Tier 1: the first tier starts at day 1.'],
    });
    expect(
      await post({
        demurrage_tiers: tiers([
          [1, 5, 75],
          [6, 10, 80],
        ]),
      }),
    ).toEqual({
      demurrage_tiers: ['Tier 2: the last tier must be open-ended (leave its last day empty).'],
    });
    expect(
      await post({
        demurrage_tiers: tiers([
          [1, null, 75],
          [2, null, 80],
        ]),
      }),
    ).toEqual({
      demurrage_tiers: ['Tier 1: only the last tier can be open-ended.'],
    });
    expect(await post({ demurrage_tiers: tiers([[1, null, -5]]) })).toEqual({
      demurrage_tiers: ['Tier 1: the rate cannot be negative.'],
    });
    const eleven = tiers([
      ...Array.from({ length: 10 }, (_, i) => [i + 1, i + 1, 10] as [number, number, number]),
      [11, null, 10],
    ]);
    expect(await post({ demurrage_tiers: eleven })).toEqual({ demurrage_tiers: ['At most 10 tiers.'] });
    expect(await post({ combined_tiers: tiers([[1, null, 5]]) })).toEqual({
      combined_tiers: ['Leave this field empty when demurrage and detention are separate.'],
    });
  });

  it('refuses an unknown currency, carrier, port or container type', async () => {
    expect(
      await post({ currency: 'EUX', carrier_id: 999999, pod_locode: 'ZZZZZ', container_type: '40XX' }),
    ).toEqual({
      currency: ['"EUX" is not an ISO 4217 currency code (e.g. EUR, USD).'],
      carrier_id: ['Invalid pk "999999" - object does not exist.'],
      pod_locode: ['Unknown port "ZZZZZ": use the UN/LOCODE of a port (e.g. ESVLC).'],
      container_type: [
        '"40XX" is not a container type: use one of 20DV, 40DV, 40HC, 45HC, 20RF, 40RF, 20OT, 40OT, 20FR, 40FR, 20TK.',
      ],
    });
    expect(await post({ currency: '' })).toEqual({ currency: ['This field is required.'] });
    expect(await post({ mode: 'both' })).toEqual({ mode: ['"both" is not a valid choice.'] });
  });

  it('answers in Spanish when asked', async () => {
    const res = await s.std({
      method: 'POST',
      url: URL,
      headers: { 'accept-language': 'es' },
      payload: rule({
        currency: 'EUX',
        demurrage_tiers: [
          { from_day: 1, to_day: 5, rate: 1 },
          { from_day: 9, to_day: null, rate: 2 },
        ],
      }),
    });
    expect(res.json()).toEqual({
      currency: ['"EUX" no es un código de moneda ISO 4217 (p. ej., EUR, USD).'],
      demurrage_tiers: [
        'Tramo 2: empieza el día 9, pero el tramo anterior termina el día 5 (los días intermedios no tienen tarifa).',
      ],
    });
  });
});

describe('who may write', () => {
  let id: number;
  beforeAll(async () => {
    id = (await s.std({ method: 'POST', url: URL, payload: rule({ container_type: '20DV' }) })).json().id;
  });

  it('lets a colleague (not a manager) and a limited user read but not write', async () => {
    for (const caller of [s.mate, s.lim]) {
      expect((await caller({ method: 'GET', url: `${URL}${id}/` })).statusCode).toBe(200);
      expect(
        (await caller({ method: 'POST', url: URL, payload: rule({ container_type: '40DV' }) })).statusCode,
      ).toBe(403);
      expect(
        (await caller({ method: 'PATCH', url: `${URL}${id}/`, payload: { currency: 'USD' } })).statusCode,
      ).toBe(403);
      expect((await caller({ method: 'DELETE', url: `${URL}${id}/` })).statusCode).toBe(403);
    }
  });

  it('gives a limited manager 403 too (the limited role never writes)', async () => {
    await s.ctx.handle.db
      .updateTable('user_profiles')
      .set({ is_manager: true })
      .where('id', '=', s.t.limited.id)
      .execute();
    const { signIn } = await import('../helpers/app');
    const limitedManager = await signIn(s.ctx, s.t.limited);
    expect(
      (await limitedManager({ method: 'POST', url: URL, payload: rule({ container_type: '40DV' }) }))
        .statusCode,
    ).toBe(403);
  });

  it("keeps company B away from company A's rules (404, never listed, never changed)", async () => {
    await s.ctx.handle.db
      .updateTable('user_profiles')
      .set({ is_manager: true })
      .where('id', '=', s.t.outsider.id)
      .execute();
    const { signIn } = await import('../helpers/app');
    const outsider = await signIn(s.ctx, s.t.outsider);
    expect((await outsider({ method: 'GET', url: URL })).json().count).toBe(0);
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await outsider({
        method,
        url: `${URL}${id}/`,
        payload: method === 'GET' || method === 'DELETE' ? undefined : rule(),
      });
      expect(res.statusCode).toBe(404);
    }
    // The same scope in company B is a rule of its own, not a duplicate of A's.
    expect(
      (await outsider({ method: 'POST', url: URL, payload: rule({ container_type: '20DV' }) })).statusCode,
    ).toBe(201);
    const mine = await s.std({ method: 'GET', url: `${URL}${id}/` });
    expect(mine.json()).toMatchObject({ currency: 'EUR', container_type: '20DV' });
    expect(await count(s.t.otherCompanyId)).toBe(1);
  });
});
