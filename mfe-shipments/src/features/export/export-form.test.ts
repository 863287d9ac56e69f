import {
  checkForm,
  emptyForm,
  fileSize,
  formOfTemplate,
  isValidDate,
  pickFilters,
  templateBody,
  toggleSection,
  withFilter,
} from './export-form';
import { exportResources } from './i18n';

describe('export form', () => {
  it('takes the list filters it knows, as the list writes them', () => {
    expect(
      pickFilters({
        search: 'MSCU',
        health: 'delayed',
        page: '3',
        eta_after: '2026-01-01',
        status: ['ongoing', ''],
        dta_min: '',
      }),
    ).toEqual({
      search: 'MSCU',
      health: ['delayed'],
      eta_after: '2026-01-01',
      status: ['ongoing'],
    });
  });

  it('takes every filter of the shipment list: carrier, project, the eight date fields, days, order', () => {
    const list = {
      carrier: '3',
      project: ['4'],
      atd_after: '2026-01-01',
      ata_before: '2026-02-01',
      pol_departure_rel_min: '-3',
      pod_arrival_rel_max: '5',
      dtd_max: '2',
      dta: '4',
      order_dta: 'true',
      ordering: '-eta',
      last_n_days: 7,
      exclude_hidden: 'false',
      page: 2,
    };
    expect(pickFilters(list)).toEqual({
      carrier: ['3'],
      project: ['4'],
      atd_after: '2026-01-01',
      ata_before: '2026-02-01',
      pol_departure_rel_min: '-3',
      pod_arrival_rel_max: '5',
      dtd_max: '2',
      dta: '4',
      order_dta: 'true',
      ordering: ['-eta'],
      last_n_days: '7',
      exclude_hidden: 'false',
    });
  });

  it('refuses an export with no column, a bad date and letters in a day range', () => {
    const form = withFilter(withFilter(emptyForm(), 'eta_before', '2026-02-30'), 'dta_min', 'abc');
    expect(checkForm(form, 'export')).toEqual({
      columns: 'errors.noColumns',
      eta_before: 'errors.invalidDate',
      dta_min: 'errors.number',
    });
    const ok = { ...withFilter(emptyForm(), 'dta_min', '-7'), columns: ['id'] };
    expect(checkForm(ok, 'export')).toEqual({});
    expect(checkForm(ok, 'save')).toEqual({ name: 'errors.nameRequired' });
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
  });

  it('selects and clears a section, keeping the order chosen', () => {
    expect(toggleSection(['b'], ['a', 'b', 'c'], true)).toEqual(['b', 'a', 'c']);
    expect(toggleSection(['x', 'a', 'b'], ['a', 'b'], false)).toEqual(['x']);
  });

  it('round-trips a template', () => {
    const t = {
      id: 4,
      user: 1,
      name: ' Late ',
      description: '',
      send_email: 'weekly' as const,
      columns: ['id'],
      filters: { health: ['delayed'] },
    };
    expect(templateBody(formOfTemplate(t))).toEqual({
      name: 'Late',
      description: '',
      send_email: 'weekly',
      columns: ['id'],
      filters: { health: ['delayed'] },
    });
  });

  it('has the same keys in es and en, and the spec text in English', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`],
      );
    expect(keys(exportResources.es).sort()).toEqual(keys(exportResources.en).sort());
    expect(exportResources.en.errors.noColumns).toBe('Select columns to display');
  });
});

describe('download progress', () => {
  it('says how much of the file has arrived, in the language’s notation', () => {
    expect(fileSize(300, 'en')).toBe('1 KB');
    expect(fileSize(850 * 1024, 'en')).toBe('850 KB');
    expect(fileSize(12.44 * 1024 * 1024, 'en')).toBe('12.4 MB');
    expect(fileSize(12.44 * 1024 * 1024, 'es')).toBe('12,4 MB');
  });
});
