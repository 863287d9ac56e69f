// Server texts in the user's language: with Accept-Language es every human text the API makes
// (alert messages, request warnings, refusals and validation, the failed login, bulk upload results, the
// last-alert column of the spreadsheet export, carrier notes, container types) is Spanish; with en (or no
// header) it is the English the spec quotes.
import ExcelJS from 'exceljs';
import { startTestApp, seedTenant, signIn, insertRequest } from '../helpers/app';
import type { TestContext, Tenant, Caller } from '../helpers/app';

jest.setTimeout(60_000);

let ctx: TestContext;
let t: Tenant;
let std: Caller;
let shipmentId: string;
let requestId: number;
let invalidRequestId: number;

const ES = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const ALERT_EN = 'No carrier update for 36 days (last on 2026-02-02)';
const ALERT_ES = 'Sin actualización de la naviera en 36 días (la última el 2026-02-02)';
const WARNING_EN =
  'MSC does not know the booking number BK0000001. Check the number and the carrier, then retry.';
const WARNING_ES =
  'MSC no reconoce el número de reserva BK0000001. Compruebe el número y la naviera y vuelva a intentarlo.';

/** A multipart/form-data body with one file. */
function multipart(name: string, content: Buffer | string) {
  const boundary = '----server-texts-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (name: string, content: string, lang: Record<string, string>) => {
  const body = multipart(name, content);
  return std({
    method: 'PUT',
    url: '/api/upload/bulk-import-tracking-requests/bulk',
    payload: body.payload,
    headers: { ...body.headers, ...lang },
  });
};

beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx, { maxTrackingRequests: 50 });
  std = await signIn(ctx, t.standard);
  const db = ctx.handle.db;
  requestId = await insertRequest(ctx, { company_id: t.companyId, code_value: `TXT${t.companyId}` });
  invalidRequestId = (
    await db
      .insertInto('tracking_requests')
      .values({
        company_id: t.companyId,
        carrier_id: 2,
        code_type: 'b_id',
        code_value: 'BK0000001',
        status: 'new',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .updateTable('tracking_requests')
    .set({
      status: 'invalid',
      warnings: JSON.stringify([
        { code: 'reference_not_found', message: WARNING_EN, created: '2026-02-02T00:00:00.000Z' },
      ]),
    })
    .where('id', '=', invalidRequestId)
    .execute();
  shipmentId = String(
    (
      await db
        .insertInto('shipments')
        .values({
          company_id: t.companyId,
          tracking_request_id: requestId,
          carrier_id: 1,
          container_number: 'MSCU1234565',
          container_type_iso: '45G1',
          container_type_str: "40' high cube general purpose",
          is_alerted: true,
          last_alert_code: 906,
          last_alert_message: ALERT_EN,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await db
    .insertInto('alert_events')
    .values({
      company_id: t.companyId,
      shipment_id: shipmentId,
      code: 906,
      cause_key: 'since:2026-02-02',
      details: JSON.stringify({ message: ALERT_EN }),
      walltime: new Date('2026-02-09T00:00:00Z'),
    })
    .execute();
});
afterAll(() => ctx.close());

describe('alert messages', () => {
  it('are Spanish in the list, the detail and the alert events for a Spanish user, English otherwise', async () => {
    for (const [headers, alert, type] of [
      [ES, ALERT_ES, "Contenedor estándar high cube de 40'"],
      [EN, ALERT_EN, "40' high cube general purpose"],
      [{}, ALERT_EN, "40' high cube general purpose"],
    ] as const) {
      const list = await std({ method: 'GET', url: '/api/shipments/?search=MSCU1234565', headers });
      expect(list.statusCode).toBe(200);
      expect(list.json().results).toEqual([
        expect.objectContaining({ last_alert_code: 906, last_alert_message: alert }),
      ]);
      const detail = await std({ method: 'GET', url: `/api/shipments/${shipmentId}/`, headers });
      expect(detail.json()).toMatchObject({ last_alert_message: alert, container_type_str: type });
      const events = await std({ method: 'GET', url: `/api/shipments/${shipmentId}/alert_events/`, headers });
      expect(events.json()).toEqual([expect.objectContaining({ code: 906, details: { message: alert } })]);
    }
    // Stored once, in English: a change of language applies to existing records.
    const stored = await ctx.handle.db
      .selectFrom('shipments')
      .select('last_alert_message')
      .where('id', '=', shipmentId as never)
      .executeTakeFirstOrThrow();
    expect(stored.last_alert_message).toBe(ALERT_EN);
  });

  it('are Spanish in the last-alert column of the spreadsheet export', async () => {
    const read = async (lang: string) => {
      const res = await std({
        method: 'GET',
        url: `/api/shipments/export/?search=MSCU1234565&columns=container_number&columns=last_alert_message&lang=${lang}`,
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0].getRow(2).values as unknown[];
    };
    expect((await read('es')).slice(1)).toEqual(['MSCU1234565', ALERT_ES]);
    expect((await read('en')).slice(1)).toEqual(['MSCU1234565', ALERT_EN]);
  });
});

describe('tracking requests', () => {
  it("give an invalid request's warning in the user's language", async () => {
    const es = await std({ method: 'GET', url: `/api/tracking-requests/${invalidRequestId}/`, headers: ES });
    expect(es.json().warnings).toEqual([expect.objectContaining({ message: WARNING_ES })]);
    const en = await std({ method: 'GET', url: `/api/tracking-requests/${invalidRequestId}/`, headers: EN });
    expect(en.json().warnings).toEqual([expect.objectContaining({ message: WARNING_EN })]);
  });

  it('refuse bad input in Spanish, keeping the English the spec quotes for English users', async () => {
    const payload = {
      carrier_id: 1,
      code_type: 'c_id',
      code_value: 'MSCU1234565',
      container_filter: ['bad'],
    };
    const es = await std({ method: 'POST', url: '/api/tracking-requests/', payload, headers: ES });
    expect(es.statusCode).toBe(400);
    expect(JSON.stringify(es.json())).toContain(
      'Los números de contenedor tienen 4 letras mayúsculas seguidas de 7 dígitos.',
    );
    const en = await std({ method: 'POST', url: '/api/tracking-requests/', payload, headers: EN });
    expect(JSON.stringify(en.json())).toContain(
      'Container numbers feature 4 uppercase letters followed by 7 digits.',
    );

    const missing = await std({ method: 'POST', url: '/api/tracking-requests/', payload: {}, headers: ES });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ carrier_id: ['Este campo es obligatorio.'] });
  });

  it('refuse a transition in Spanish', async () => {
    const res = await std({
      method: 'POST',
      url: `/api/tracking-requests/${invalidRequestId}/transition/`,
      payload: { status: 'pending_archiving' },
      headers: ES,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).not.toMatch(/\b(the|request|cannot|is)\b/);
  });

  it('export their list with Spanish headers, statuses and warnings', async () => {
    const read = async (headers: Record<string, string>) => {
      const res = await std({
        method: 'GET',
        url: '/api/tracking-requests/export/?search=BK0000001&columns=code_value&columns=status&columns=code_type&columns=warnings',
        headers,
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      return [1, 2].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    };
    expect(await read(ES)).toEqual([
      ['Código', 'Estado', 'Tipo de código', 'Avisos'],
      ['BK0000001', 'No válida', 'Número de reserva', WARNING_ES],
    ]);
    expect(await read(EN)).toEqual([
      ['Code value', 'Status', 'Code type', 'Warnings'],
      ['BK0000001', 'Invalid', 'Booking number', WARNING_EN],
    ]);
  });

  it('give the carriers quality notes in Spanish', async () => {
    const res = await std({ method: 'GET', url: '/api/carriers/', headers: ES });
    const body = res.json();
    const carriers = (Array.isArray(body) ? body : body.results) as {
      scac: string;
      ctt_quality: { note: string };
    }[];
    expect(carriers.find((c) => c.scac === 'EGLV')?.ctt_quality.note).toBe(
      'Las reservas y los B/L solo se siguen por contenedor: es necesario enviar el número de contenedor.',
    );
  });
});

describe('login and permissions', () => {
  it('refuse a wrong password in the language of the login page', async () => {
    const payload = { username: t.standard.username, password: 'not-the-password' };
    const es = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload, headers: ES });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toEqual({
      non_field_errors: ['No se puede iniciar sesión con el usuario y la contraseña indicados.'],
    });
    const en = await ctx.app.inject({ method: 'POST', url: '/api/token/', payload, headers: EN });
    expect(en.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
  });

  it('answer Not found in Spanish', async () => {
    const res = await std({ method: 'GET', url: '/api/shipments/999999999/', headers: ES });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No encontrado.' });
  });
});

describe('bulk upload', () => {
  const NOT_SPREADSHEET_EN =
    'The file is not a spreadsheet: upload an .xlsx or .csv file made from the template.';
  const NOT_SPREADSHEET_ES =
    'El archivo no es una hoja de cálculo: suba un archivo .xlsx o .csv hecho a partir de la plantilla.';

  it('says a text file named .xlsx is not a spreadsheet (defect 6), in each language', async () => {
    for (const [name, content] of [
      ['requests.xlsx', 'hello this is not a spreadsheet\n'],
      ['requests.csv', 'hello this is not a spreadsheet\n'],
      ['notes.txt', 'hello this is not a spreadsheet\nsecond line of prose\n'],
    ]) {
      const en = await upload(name, content, EN);
      expect([name, en.statusCode, en.json()]).toEqual([name, 400, { file: [NOT_SPREADSHEET_EN] }]);
      const es = await upload(name, content, ES);
      expect([name, es.statusCode, es.json()]).toEqual([name, 400, { file: [NOT_SPREADSHEET_ES] }]);
    }
  });

  it('still names missing and unknown columns of a real table', async () => {
    const res = await upload('wrong.csv', 'name,number\nfoo,1\n', ES);
    expect(res.json()).toEqual({
      file: [
        'Faltan columnas: carrier, code_type, code_value. Columnas desconocidas: name, number. Use las columnas ' +
          'de la plantilla: carrier, code_type, code_value, container, client_code, project, contractual_eta_pod, ' +
          'contractual_eta_dlv, container_filter.',
      ],
    });
  });

  it("gives the rows' errors and the summary in Spanish", async () => {
    const csv =
      'carrier,code_type,code_value,contractual_eta_pod\n' +
      'NOPE,c_id,MSCU1234566,\n' +
      'MAEU,c_id,,\n' +
      'MAEU,c_id,MSCU1234566,2026-13-45\n';
    const res = await upload('rows.csv', csv, ES);
    expect(res.statusCode).toBe(400);
    const body = res.json<Record<string, string[]>>();
    expect(body.non_field_errors).toEqual([
      '3 de 3 filas tienen errores; no se ha importado nada. Corríjalas y vuelva a subir el archivo.',
    ]);
    expect(body['row 2']).toEqual([
      'carrier: Naviera desconocida "NOPE": use un SCAC (p. ej., MAEU) o el nombre de una naviera.',
    ]);
    expect(body['row 3']).toEqual(['code_value: Este campo es obligatorio.']);
    expect(body['row 4'][0]).toMatch(/^contractual_eta_pod: La fecha tiene un formato incorrecto/);
    const en = await upload('rows.csv', csv, EN);
    expect(en.json<Record<string, string[]>>()['row 3']).toEqual(['code_value: This field is required.']);
  });
});
