// /api/export-templates/: CRUD, the checks of name, schedule, columns and filters, ownership (404 for anyone
// else's template) and the limited role (403).
import { type TestContext, type Tenant, type Caller, startTenantApp } from '../helpers/app';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let mate: Caller;
let lim: Caller;
let outsider: Caller;

beforeAll(async () => {
  ({ ctx, t, std, mate, lim, outsider } = await startTenantApp());
});

afterAll(async () => ctx?.close());

const base = {
  name: 'Late containers',
  description: 'Every Monday for the team',
  send_email: 'weekly',
  columns: ['container_number', 'eta', 'pod_name'],
  filters: { health: ['delayed'], eta_0: '2026-01-01', eta_1: '2026-12-31', search: 'MSCU' },
};

describe('export templates', () => {
  let id: number;

  it('creates, lists, reads, replaces and deletes a template', async () => {
    const created = await std({ method: 'POST', url: '/api/export-templates/', payload: base });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    id = body.id;
    expect(body).toMatchObject({
      name: 'Late containers',
      send_email: 'weekly',
      user: t.standard.id,
      columns: ['container_number', 'eta', 'pod_name'],
      // The spec's range names are stored as the list's query keys.
      filters: { health: ['delayed'], eta_after: '2026-01-01', eta_before: '2026-12-31', search: 'MSCU' },
    });
    const list = await std({ method: 'GET', url: '/api/export-templates/' });
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await std({ method: 'GET', url: `/api/export-templates/${id}/` })).json().name).toBe(
      'Late containers',
    );

    const replaced = await std({
      method: 'PUT',
      url: `/api/export-templates/${id}/`,
      payload: { ...base, name: 'Late (all)', send_email: '', columns: ['id'], filters: {} },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      name: 'Late (all)',
      send_email: '',
      columns: ['id'],
      filters: {},
    });

    expect((await std({ method: 'DELETE', url: `/api/export-templates/${id}/` })).statusCode).toBe(204);
    expect((await std({ method: 'GET', url: `/api/export-templates/${id}/` })).statusCode).toBe(404);
  });

  it('refuses a bad schedule, no columns, unknown columns and bad filters, naming each field', async () => {
    const res = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: {
        name: '  ',
        send_email: 'hourly',
        columns: [],
        filters: { eta_before: '2026-02-30', dta_min: 'abc', colour: 'red', health: ['sideways'] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['This field may not be blank.'],
      send_email: ['"hourly" is not a valid choice.'],
      columns: ['Select columns to display'],
      'filters.colour': ['Unknown filter.'],
      'filters.eta_before': ['Invalid date'],
      'filters.dta_min': ['A valid integer is required.'],
      'filters.health': ['Select a valid choice. sideways is not one of the available choices.'],
    });
    const unknown = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { ...base, columns: ['container_number', 'nope'] },
    });
    expect(unknown.json()).toEqual({ columns: ['"nope" is not a valid choice.'] });
    // Nothing was saved by the refused calls.
    expect((await std({ method: 'GET', url: '/api/export-templates/' })).json()).toEqual([]);
  });

  it("refuses a name the user's other template has (any case), in Spanish too; a colleague may use it", async () => {
    const first = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { ...base, name: 'Reefers' },
    });
    expect(first.statusCode).toBe(201);
    const again = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { ...base, name: ' reefers ' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ name: ['A template with this name already exists.'] });
    const es = await std({
      method: 'POST',
      url: '/api/export-templates/',
      headers: { 'accept-language': 'es' },
      payload: { ...base, name: 'REEFERS' },
    });
    expect(es.json()).toEqual({ name: ['Ya existe una plantilla con este nombre.'] });
    const other = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { ...base, name: 'Dry' },
    });
    const renamed = await std({
      method: 'PUT',
      url: `/api/export-templates/${other.json().id}/`,
      payload: { ...base, name: 'Reefers' },
    });
    expect(renamed.statusCode).toBe(400);
    // its own name, saved again, is no clash
    const same = await std({
      method: 'PUT',
      url: `/api/export-templates/${first.json().id}/`,
      payload: { ...base, name: 'Reefers', description: 'changed' },
    });
    expect(same.statusCode).toBe(200);
    const colleague = await mate({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { ...base, name: 'Reefers' },
    });
    expect(colleague.statusCode).toBe(201);
    const gone = await mate({ method: 'DELETE', url: `/api/export-templates/${colleague.json().id}/` });
    expect(gone.statusCode).toBe(204);
  });

  it('bounds every list and string', async () => {
    const many = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { ...base, columns: Array.from({ length: 401 }, () => 'id') },
    });
    expect(many.statusCode).toBe(400);
    const long = await std({
      method: 'POST',
      url: '/api/export-templates/',
      payload: { ...base, name: 'x'.repeat(151) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 150 characters.'] });
  });

  it("keeps templates to their owner: a colleague's or another company's id is a 404", async () => {
    const created = (await std({ method: 'POST', url: '/api/export-templates/', payload: base })).json();
    for (const who of [mate, outsider]) {
      expect((await who({ method: 'GET', url: `/api/export-templates/${created.id}/` })).statusCode).toBe(
        404,
      );
      expect(
        (await who({ method: 'PUT', url: `/api/export-templates/${created.id}/`, payload: base })).statusCode,
      ).toBe(404);
      expect((await who({ method: 'DELETE', url: `/api/export-templates/${created.id}/` })).statusCode).toBe(
        404,
      );
      expect((await who({ method: 'GET', url: '/api/export-templates/' })).json()).toEqual([]);
    }
    // Leading zeros and signs do not address it either.
    expect((await std({ method: 'GET', url: `/api/export-templates/0${created.id}/` })).statusCode).toBe(404);
    expect((await std({ method: 'GET', url: `/api/export-templates/${created.id}/` })).statusCode).toBe(200);
  });

  it('refuses the limited user', async () => {
    expect((await lim({ method: 'GET', url: '/api/export-templates/' })).statusCode).toBe(403);
    expect((await lim({ method: 'POST', url: '/api/export-templates/', payload: base })).statusCode).toBe(
      403,
    );
  });
});
