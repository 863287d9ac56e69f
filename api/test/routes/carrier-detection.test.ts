// GET carriers/detect/, the company's carrier-prefix-overrides/ (tenancy, permissions, validation, cap) and
// POST tracking-requests/ without a carrier (filled from the number, or refused on carrier_id).
import { iso6346CheckDigit } from '../../src/tracking/containers';
import { carrierId, startTenantApp, type Caller, type TestContext, type Tenant } from '../helpers/app';

jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let mate: Caller;
let lim: Caller;
let outsider: Caller;
let msc: number;
let maersk: number;

beforeAll(async () => {
  ({ ctx, t, std, mate, lim, outsider } = await startTenantApp({ maxTrackingRequests: 100 }));
  msc = await carrierId(ctx, 'MSCU');
  maersk = await carrierId(ctx, 'MAEU');
});
afterAll(() => ctx.close());

/** A valid container number with owner code `owner` (4 letters) and serial `n`. */
const container = (owner: string, n: number) => {
  const first = `${owner}${String(n).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
};
const ES = { 'accept-language': 'es-ES,es;q=0.9' };
const detect = (who: Caller, query: string, headers = {}) =>
  who({ method: 'GET', url: `/api/carriers/detect/?${query}`, headers });

describe('GET carriers/detect/', () => {
  it('names the carrier of a container number', async () => {
    const res = await detect(lim, 'number=mscu1234565&kind=container');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      number: 'MSCU1234565',
      kind: 'container',
      prefix: 'MSCU',
      match: 'exact',
      source: 'table',
      leased: false,
      message: null,
      carriers: [{ id: msc, scac: 'MSCU', short_name: 'MSC' }],
    });
  });

  it('says when no carrier matches, in the caller’s language', async () => {
    const en = await detect(std, 'number=TGHU1234565&kind=container');
    expect(en.json()).toMatchObject({ match: 'none', leased: true, carriers: [] });
    expect(en.json().message).toBe('No carrier recognised from this number: pick one.');
    const es = await detect(std, 'number=TGHU1234565&kind=container', ES);
    expect(es.json().message).toBe('No se reconoce ninguna naviera a partir de este número: elija una.');
  });

  it('validates number and kind: {field: [messages]} in the caller’s language', async () => {
    let res = await detect(std, '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ number: ['This field is required.'], kind: ['This field is required.'] });
    res = await detect(std, `number=${'A'.repeat(36)}&kind=ship`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      number: ['Ensure this field has no more than 35 characters.'],
      kind: ['"ship" is not a valid choice.'],
    });
    res = await detect(std, 'number=a&number=b&kind=bl', ES);
    expect(res.json()).toEqual({ number: ['No es un texto válido.'] });
    res = await detect(std, 'number=%20%20&kind=container', ES);
    expect(res.json()).toEqual({ number: ['Este campo es obligatorio.'] });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/carriers/detect/?number=MSCU1&kind=container',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('carrier-prefix-overrides/', () => {
  const create = (who: Caller, payload: unknown, headers = {}) =>
    who({ method: 'POST', url: '/api/carrier-prefix-overrides/', payload: payload as object, headers });

  it('a manager maps a leased prefix for the company; it wins, for that company only', async () => {
    const res = await create(std, { kind: 'container', prefix: 'tclu', carrier_id: maersk });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'container',
      prefix: 'TCLU',
      carrier: { id: maersk, scac: 'MAEU' },
      created_by: t.standard.username,
    });
    const mine = await detect(lim, 'number=TCLU1234565&kind=container');
    expect(mine.json()).toMatchObject({ match: 'exact', source: 'override', leased: true });
    expect(mine.json().carriers[0].id).toBe(maersk);
    const theirs = await detect(outsider, 'number=TCLU1234565&kind=container');
    expect(theirs.json().match).toBe('none');
    // Every user of the company reads the list; the other company sees none of it.
    const list = await lim({ method: 'GET', url: '/api/carrier-prefix-overrides/' });
    expect(list.json().map((o: { prefix: string }) => o.prefix)).toContain('TCLU');
    expect((await outsider({ method: 'GET', url: '/api/carrier-prefix-overrides/' })).json()).toEqual([]);
  });

  it('only managers with write permission create or delete (colleague and limited user: 403)', async () => {
    const body = { kind: 'container', prefix: 'CAIU', carrier_id: msc };
    expect((await create(mate, body)).statusCode).toBe(403);
    expect((await create(lim, body)).statusCode).toBe(403);
    const made = await create(std, body);
    expect(made.statusCode).toBe(201);
    const url = `/api/carrier-prefix-overrides/${made.json().id}/`;
    expect((await lim({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await mate({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await detect(std, 'number=CAIU1234565&kind=container')).json().match).toBe('exact');
    expect((await std({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await detect(std, 'number=CAIU1234565&kind=container')).json().match).toBe('none');
    expect((await std({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('another company’s override is a 404 to delete', async () => {
    const other = await ctx.handle.db
      .insertInto('carrier_prefix_overrides')
      .values({ company_id: t.otherCompanyId, kind: 'container', prefix: 'SEGU', carrier_id: msc })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await std({ method: 'DELETE', url: `/api/carrier-prefix-overrides/${other.id}/` });
    expect(res.statusCode).toBe(404);
    expect(
      await ctx.handle.db
        .selectFrom('carrier_prefix_overrides')
        .select('id')
        .where('id', '=', other.id)
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it('validates every field at once, in the caller’s language, and refuses a repeated prefix', async () => {
    let res = await create(std, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      kind: ['This field is required.'],
      prefix: ['This field is required.'],
      carrier_id: ['This field is required.'],
    });
    res = await create(std, { kind: 'ship', prefix: 'AB1U', carrier_id: 999999 }, ES);
    expect(res.json()).toEqual({
      kind: ['"ship" no es una opción válida.'],
      prefix: ['Introduzca las cuatro letras del prefijo (de la A a la Z).'],
      carrier_id: ['Identificador "999999" no válido: el elemento no existe.'],
    });
    res = await create(std, { kind: 'container', prefix: 'X'.repeat(5000), carrier_id: msc });
    expect(res.json()).toEqual({ prefix: ['Enter the four letters of the prefix (A to Z).'] });
    expect((await create(std, { kind: 'reference', prefix: 'ABCD', carrier_id: msc })).statusCode).toBe(201);
    res = await create(std, { kind: 'reference', prefix: 'abcd', carrier_id: maersk });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      prefix: ['Your company already maps this prefix; delete that mapping first.'],
    });
    expect((await create(std, [1])).statusCode).toBe(400);
  });

  it('is bounded: at most 200 per company', async () => {
    const existing = (await std({ method: 'GET', url: '/api/carrier-prefix-overrides/' })).json().length;
    const letters = (i: number) =>
      'Q' + String.fromCharCode(65 + Math.floor(i / 676), 65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
    await ctx.handle.db
      .insertInto('carrier_prefix_overrides')
      .values(
        Array.from({ length: 200 - existing }, (_, i) => ({
          company_id: t.companyId,
          kind: 'container' as const,
          prefix: letters(i),
          carrier_id: msc,
        })),
      )
      .execute();
    const res = await create(std, { kind: 'container', prefix: 'ZZZZ', carrier_id: msc });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['A company can have at most 200 carrier prefix overrides.'],
    });
    await ctx.handle.db
      .deleteFrom('carrier_prefix_overrides')
      .where('company_id', '=', t.companyId)
      .where('prefix', 'like', 'Q%')
      .execute();
  });
});

describe('POST tracking-requests/ without a carrier', () => {
  const create = (payload: Record<string, unknown>, headers = {}) =>
    std({ method: 'POST', url: '/api/tracking-requests/', payload, headers });

  it('takes the carrier the number names', async () => {
    const res = await create({ code_type: 'c_id', code_value: container('MEDU', 301) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ carrier_id: msc, carrier_scac: 'MSCU' });
    const bl = await create({ code_type: 'm_bl', code_value: 'MAEU225123456', carrier_id: null });
    expect(bl.statusCode).toBe(201);
    expect(bl.json().carrier_id).toBe(maersk);
  });

  it('refuses with a carrier message when the number names no carrier, with the other problems', async () => {
    const res = await create({
      code_type: 'c_id',
      code_value: container('TRHU', 302),
      client_code: 'x'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      carrier_id: ['No carrier recognised from this number: pick one.'],
      client_code: ['Ensure this field has no more than 100 characters.'],
    });
    const es = await create({ code_type: 'b_id', code_value: '123456789' }, ES);
    expect(es.json()).toEqual({
      carrier_id: ['No se reconoce ninguna naviera a partir de este número: elija una.'],
    });
  });

  it("follows the company's override for a leased container", async () => {
    await std({
      method: 'POST',
      url: '/api/carrier-prefix-overrides/',
      payload: { kind: 'container', prefix: 'TRHU', carrier_id: msc },
    });
    const res = await create({ code_type: 'c_id', code_value: container('TRHU', 303) });
    expect(res.statusCode).toBe(201);
    expect(res.json().carrier_id).toBe(msc);
  });

  it('keeps the plain required message when neither a carrier nor a usable number is given', async () => {
    const res = await create({ code_type: 'c_id' });
    expect(res.json()).toEqual({
      carrier_id: ['This field is required.'],
      code_value: ['This field is required.'],
    });
  });

  it('a carrier chosen by hand is kept even when the number names another', async () => {
    const res = await create({ carrier_id: maersk, code_type: 'c_id', code_value: container('MSCU', 304) });
    expect(res.statusCode).toBe(201);
    expect(res.json().carrier_id).toBe(maersk);
  });

  it('a limited user still cannot create (403)', async () => {
    const res = await lim({
      method: 'POST',
      url: '/api/tracking-requests/',
      payload: { code_type: 'c_id', code_value: container('MSCU', 305) },
    });
    expect(res.statusCode).toBe(403);
  });
});
