import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import { makeShipment } from '../__fixtures__/shipment';
import {
  COLUMN_KEYS,
  DEFAULT_COLUMNS,
  LIST_FIELDS,
  orderedColumnKeys,
  shipmentColumns,
  withFreeTimeColumn,
} from './columns';

beforeAll(async () => {
  await initI18n();
  await i18next.changeLanguage('en');
});

describe('the shipment table columns', () => {
  const visible = ['id', ...DEFAULT_COLUMNS];

  it('keep their usual order on a wide screen', () => {
    // the order given (the id, then the chosen columns) is the order shown
    expect(orderedColumnKeys(visible)).toEqual(visible);
  });

  it('at 620 px start with the key columns, the container first instead of the id', () => {
    expect(orderedColumnKeys(visible, true)).toEqual([
      'container_number',
      'health',
      'eta',
      'status',
      'pod_loc',
      'client_code',
      'carrier',
      'pol_loc',
      'last_alert_code',
    ]);
  });

  it('add days left when the list is narrowed or sorted by free time, next to the ETA (wide) or health (620 px)', () => {
    const none = { endsWithin: '', over: '', ordering: '-eta' };
    expect(withFreeTimeColumn(visible, none)).toEqual(visible);
    for (const asked of [
      { ...none, endsWithin: '3' },
      { ...none, over: 'true' },
      { ...none, ordering: '-free_time_lfd' },
    ]) {
      const shown = withFreeTimeColumn(visible, asked);
      expect(orderedColumnKeys(shown).slice(6, 9)).toEqual(['pod_loc', 'eta', 'free_time_days_left']);
      expect(orderedColumnKeys(shown, true).slice(0, 3)).toEqual([
        'container_number',
        'health',
        'free_time_days_left',
      ]);
    }
    // a free-time column the user chose is kept as chosen, and nothing is added
    const chosen = [...visible, 'free_time_lfd'];
    expect(withFreeTimeColumn(chosen, { ...none, over: 'true' })).toEqual(chosen);
  });

  it('keep the id at 620 px when the container column is not shown', () => {
    expect(orderedColumnKeys(['id', 'eta', 'carrier'], true)).toEqual(['eta', 'id', 'carrier']);
  });
});

describe('the fields the list asks the API for', () => {
  it('hold everything each column, the alert button and the form button show', () => {
    const full = makeShipment({
      last_alert_code: 904,
      last_alert_message: 'Vessel rolled over',
      schema_form: { type: 'object', properties: { ref: { type: 'string' } } },
      sf_data: { ref: 'A1' },
      dtd: 3,
      dta: 12,
      transit_time: 21.5,
      atd: '2026-01-02T10:00:00Z',
      ata: null,
    });
    // As the API sends it: a property asked whole, or of a port (`pol_loc.locode`) only the parts asked.
    const lean: Record<string, unknown> = {};
    for (const field of LIST_FIELDS) {
      const [key, part] = field.split('.') as [keyof typeof full, string | undefined];
      if (!(key in full)) continue;
      const value = full[key] as Record<string, unknown> | null;
      if (part === undefined || value === null) lean[key] = value;
      else lean[key] = { ...(lean[key] as object), [part]: value[part] };
    }
    const handlers = { onOpenAlerts: () => undefined, onEditForm: () => undefined };
    const t = i18next.getFixedT('en', NS);
    const html = (s: typeof full) =>
      shipmentColumns(t, COLUMN_KEYS, handlers).map((c) =>
        renderToStaticMarkup(<MemoryRouter>{c.render?.(s)}</MemoryRouter>),
      );
    expect(html(lean as typeof full)).toEqual(html(full));
  });
});
