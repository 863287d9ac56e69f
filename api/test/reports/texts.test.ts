// The words of the report and digest e-mails follow the recipient's language: filter names and values, and
// numbers in the language's notation (found looking at delivered mail in the local inbox).
import { digestText, reportText } from '../../src/reports/texts';
import { STATIC_FIELDS } from '../../src/services/export/fields';
import { cellValue } from '../../src/services/export/shipments-xlsx';

const report = {
  name: 'Retrasos',
  period: '2026-11-24',
  rows: 7,
  filters: { health: ['delayed'], eta_after: '2026-11-01', exclude_hidden: 'true' },
  link: 'http://localhost:8080/shipments?health=delayed',
};

it('a Spanish report names its filters and their values in Spanish', () => {
  const { text, html } = reportText('es', report);
  expect(text).toContain('Salud: Más tarde de lo previsto');
  expect(text).toContain('ETA desde: 2026-11-01');
  expect(text).toContain('Excluir ocultos: sí');
  expect(html.replace(/href="[^"]*"/, '')).not.toMatch(/health|delayed|eta_after/);
});

it('an English report names them in English', () => {
  const { text } = reportText('en', report);
  expect(text).toContain('Health: Later than expected');
  expect(text).toContain('ETA from: 2026-11-01');
});

it('digest numbers use the language’s decimal sign', () => {
  const d = {
    day: '2026-11-24',
    rows: 1,
    alerted: 0,
    headers: ['Días'],
    lines: [[3.375]],
    link: 'http://x/',
  };
  expect(digestText('es', d).text).toContain('3,38');
  expect(digestText('en', d).text).toContain('3.38');
});

it('the status and lifecycle columns are worded in the language, as on the screens', () => {
  const status = STATIC_FIELDS.find((f) => f.key === 'status_text')!;
  const lifecycle = STATIC_FIELDS.find((f) => f.key === 'lifecycle_status')!;
  expect(cellValue(status, 'delivered; returning container', 'es')).toBe(
    'Entregado; devolviendo el contenedor',
  );
  expect(cellValue(status, 'ocean transport to POD', 'en')).toBe('Ocean transport to POD');
  expect(cellValue(lifecycle, 'expired', 'es')).toBe('Caducado');
});

describe('the digest subject counts what needs attention apart from what is only late', () => {
  const d = (rows: number, alerted: number) => ({
    day: '2026-11-24',
    rows,
    alerted,
    headers: ['Contenedor'],
    lines: [],
    link: 'http://x/',
  });

  it.each([
    ['en', 2, 0, 'Shipment alerts: 2 late (2026-11-24)'],
    ['en', 1, 1, 'Shipment alerts: 1 needs attention (2026-11-24)'],
    ['en', 5, 2, 'Shipment alerts: 2 need attention, 3 late (2026-11-24)'],
    ['es', 1, 0, 'Alertas de sus envíos: 1 con retraso (2026-11-24)'],
    ['es', 3, 1, 'Alertas de sus envíos: 1 requiere atención, 2 con retraso (2026-11-24)'],
    ['es', 2, 2, 'Alertas de sus envíos: 2 requieren atención (2026-11-24)'],
  ] as const)('%s, %d rows of which %d alerted', (lang, rows, alerted, subject) => {
    expect(digestText(lang, d(rows, alerted)).subject).toBe(subject);
  });

  it('the intro and the report agree in number', () => {
    expect(digestText('es', d(1, 0)).text).toContain('1 envío va con retraso o requiere atención');
    expect(digestText('en', d(2, 0)).text).toContain('2 shipments are late or need attention');
    expect(reportText('es', { ...report, rows: 1 }).text).toContain('del periodo 2026-11-24: 1 envío.');
    expect(reportText('en', { ...report, rows: 1 }).text).toContain('for 2026-11-24: 1 shipment.');
  });
});
