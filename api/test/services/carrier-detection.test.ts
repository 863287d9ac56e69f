// Carrier detection: the prefix table as shipped (known, unknown, leased, a prefix naming a carrier the portal
// does not track), its checks, and the ambiguous case (a prefix naming two active carriers), in a transaction
// that is rolled back so no other test file ever sees the extra carrier.
import table from '../../src/services/carrier-detection/prefixes.json';
import {
  carrierDetector,
  DETECTION_MESSAGES,
  detectCarrier,
  indexTable,
  OVERRIDE_MESSAGES,
  prefixOf,
  withDetectedCarrier,
  type PrefixTable,
} from '../../src/services/carrier-detection';
import { translate } from '../../src/i18n';
import { seedTenant, startTestApp, type TestContext, type Tenant } from '../helpers/app';

jest.setTimeout(30_000);

let ctx: TestContext;
let t: Tenant;
beforeAll(async () => {
  ctx = await startTestApp();
  t = await seedTenant(ctx);
});
afterAll(() => ctx.close());

const scacsOf = (d: { carriers: { scac: string }[] }) => d.carriers.map((c) => c.scac);

describe('the prefix table', () => {
  it('is well formed: four-letter prefixes, no repeats, leased prefixes name no carrier', () => {
    expect(() => indexTable(table as PrefixTable)).not.toThrow();
    const idx = indexTable(table);
    expect(idx.container.get('TGHU')).toMatchObject({ leased: true, scacs: [] });
    expect(idx.reference.get('MEDU')?.scacs).toEqual(['MSCU']);
  });

  it('refuses a repeated prefix, a bad prefix and a leased prefix that names a carrier', () => {
    const e = { prefix: 'MSCU', scacs: ['MSCU'], owner: 'x' };
    expect(() => indexTable({ container: [e, e], reference: [] })).toThrow(/twice/);
    expect(() => indexTable({ container: [{ ...e, prefix: 'MSC1' }], reference: [] })).toThrow(/bad/);
    expect(() => indexTable({ container: [{ ...e, prefix: 'TGHU', leased: true }], reference: [] })).toThrow(
      /leased/,
    );
  });

  it('reads the prefix from the first four letters only', () => {
    expect(prefixOf(' mscu 1234565 ')).toBe('MSCU');
    expect(prefixOf('MSC')).toBeNull();
    expect(prefixOf('123456789')).toBeNull();
  });
});

it('every text of carrier detection has its Spanish translation', () => {
  const texts = [
    ...Object.values(DETECTION_MESSAGES),
    OVERRIDE_MESSAGES.prefix,
    OVERRIDE_MESSAGES.duplicate,
    OVERRIDE_MESSAGES.cap(200),
  ];
  for (const text of texts) expect(translate(text, 'es')).not.toBe(text);
  expect(translate(OVERRIDE_MESSAGES.cap(200), 'es')).toBe(
    'Una empresa puede tener como máximo 200 asignaciones de prefijo a naviera.',
  );
});

describe('detectCarrier', () => {
  const db = () => ctx.handle.db;

  it.each([
    ['MSCU1234565', 'container', 'MSCU'],
    ['MEDU1234565', 'container', 'MSCU'],
    ['MSKU1234565', 'container', 'MAEU'],
    ['CMAU1234565', 'container', 'CMDU'],
    ['HLXU1234565', 'container', 'HLCU'],
    ['EGLV123456789012', 'bl', 'EGLV'],
    ['ONEYTYOA12345600', 'booking', 'ONEY'],
    ['MEDUAB123456', 'bl', 'MSCU'],
    ['COSU6123456789', 'bl', 'COSU'],
  ] as const)('%s (%s) names exactly %s', async (number, kind, scac) => {
    const d = await detectCarrier(db(), t.companyId, number, kind);
    expect(d).toMatchObject({ match: 'exact', source: 'table', message: null });
    expect(scacsOf(d)).toEqual([scac]);
  });

  it('an unknown prefix and a number without one name no carrier', async () => {
    for (const [n, k] of [
      ['QQQU1234565', 'container'],
      ['123456789', 'bl'],
    ] as const) {
      const d = await detectCarrier(db(), t.companyId, n, k);
      expect(d).toMatchObject({ match: 'none', carriers: [], source: null });
      expect(d.message).toBe('No carrier recognised from this number: pick one.');
    }
  });

  it("a leasing company's prefix names no carrier and says it is leased", async () => {
    const d = await detectCarrier(db(), t.companyId, 'TGHU1234565', 'container');
    expect(d).toMatchObject({ match: 'none', leased: true, carriers: [] });
  });

  it('a prefix naming a carrier the portal does not track (OOCL) is none, with its SCAC', async () => {
    const d = await detectCarrier(db(), t.companyId, 'OOLU1234565', 'container');
    expect(d).toMatchObject({ match: 'none', scacs: ['OOLU'], carriers: [] });
  });

  it('a container prefix is not read as a booking prefix and back (separate tables)', async () => {
    expect((await detectCarrier(db(), t.companyId, 'MSKU1234565', 'bl')).match).toBe('none');
    expect((await detectCarrier(db(), t.companyId, 'ONEYTYO123456', 'container')).match).toBe('none');
  });

  it('a booking prefix equal to an active carrier SCAC names it even if the table does not list it', async () => {
    const d = await detectCarrier(db(), t.companyId, 'HDMUSELA1234567', 'booking');
    expect(scacsOf(d)).toEqual(['HDMU']);
  });

  it('is ambiguous when the prefix names two active carriers, and a request body then gets no carrier', async () => {
    const rollback = new Error('rollback');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          // Hamburg Süd as a carrier of its own: SUDU then names it and Maersk.
          await trx
            .insertInto('carriers')
            .values({
              official_name: 'Hamburg Süd',
              short_name: 'Hamburg Süd',
              scac: 'SUDU',
              supports_c_id: true,
            })
            .execute();
          const d = await detectCarrier(trx, t.companyId, 'SUDU1234565', 'container');
          expect(d.match).toBe('ambiguous');
          expect(scacsOf(d).sort()).toEqual(['MAEU', 'SUDU']);
          expect(d.message).toBe('Several carriers use this prefix: pick one.');
          const body = { code_type: 'c_id', code_value: 'SUDU1234565' };
          const out = await withDetectedCarrier(trx, t.companyId, body);
          expect(out.body).toBe(body);
          expect(out.carrierError).toBe('Several carriers use this prefix: pick one.');
          throw rollback;
        }),
    ).rejects.toBe(rollback);
    // Without that carrier, SUDU is Maersk's alone.
    expect(scacsOf(await detectCarrier(db(), t.companyId, 'SUDU1234565', 'container'))).toEqual(['MAEU']);
  });

  it("a company's override wins over the table, for that company and kind only", async () => {
    const msc = await db()
      .selectFrom('carriers')
      .select('id')
      .where('scac', '=', 'MSCU')
      .executeTakeFirstOrThrow();
    const hl = await db()
      .selectFrom('carriers')
      .select('id')
      .where('scac', '=', 'HLCU')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('carrier_prefix_overrides')
      .values([
        { company_id: t.companyId, kind: 'container', prefix: 'TGHU', carrier_id: msc.id },
        { company_id: t.companyId, kind: 'container', prefix: 'MSKU', carrier_id: hl.id },
      ])
      .execute();
    const leased = await detectCarrier(db(), t.companyId, 'TGHU1234565', 'container');
    expect(leased).toMatchObject({ match: 'exact', source: 'override', leased: true });
    expect(scacsOf(leased)).toEqual(['MSCU']);
    expect(scacsOf(await detectCarrier(db(), t.companyId, 'MSKU1234565', 'container'))).toEqual(['HLCU']);
    // The other company and the other kind still read the table.
    expect((await detectCarrier(db(), t.otherCompanyId, 'TGHU1234565', 'container')).match).toBe('none');
    expect((await detectCarrier(db(), t.companyId, 'TGHU1234565', 'bl')).match).toBe('none');
  });

  it('the batch detector (bulk upload) answers exactly as detectCarrier, overrides included', async () => {
    const detect = await carrierDetector(db(), t.companyId);
    const cases = [
      ['TGHU1234565', 'container'],
      ['MSKU1234565', 'container'],
      ['MEDU1234565', 'container'],
      ['OOLU1234565', 'container'],
      ['QQQU1234565', 'container'],
      ['HDMUSELA1234567', 'booking'],
      ['MEDUAB123456', 'bl'],
      ['123456789', 'bl'],
    ] as const;
    for (const [n, k] of cases) expect(detect(n, k)).toEqual(await detectCarrier(db(), t.companyId, n, k));
  });
});
