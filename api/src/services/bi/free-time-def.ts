// The catalogue entry of the demurrage and detention cost metric (computed in ./free-time.ts). Apart from it so
// the catalogue reads it without loading the metrics.
import type { BiColumnDef, BiMetricDef } from '@portal/shared-api/domain';

export const FREE_TIME_COST_METRIC = 'demurrage_detention_cost';

const col = (key: string, en: string, es: string, type: BiColumnDef['type']): BiColumnDef => ({
  key,
  labels: { en, es },
  type,
});

/** The catalogue entry (catalogue.ts adds the type, url, filters and schema every metric gets). */
export const FREE_TIME_COST_DRAFT = {
  category: 'shipments',
  metric: FREE_TIME_COST_METRIC,
  labels: {
    en: 'Demurrage and detention cost by month, carrier and POD',
    es: 'Coste de demurrage y detention por mes, naviera y POD',
  },
  description: {
    en: 'How much did demurrage and detention cost us each month, with which carrier and at which port of discharge, and how many days were containers over their free time? Amounts per currency, in the month of the first day charged.',
    es: '¿Cuánto nos costaron cada mes el demurrage y la detention, con qué naviera y en qué puerto de descarga, y cuántos días pasaron los contenedores fuera de su tiempo libre? Importes por moneda, en el mes del primer día cobrado.',
  },
  specialType: 'table',
  hideTotal: true,
  entity: 'shipment',
  unit: 'days',
  columns: [
    col('month', 'Month', 'Mes', 'text'),
    col('carrier', 'Carrier', 'Naviera', 'text'),
    col('pod', 'POD', 'POD', 'text'),
    col('currency', 'Currency', 'Moneda', 'text'),
    col('containers', 'Containers over free time', 'Contenedores fuera de tiempo libre', 'number'),
    col('days_over', 'Days over free time', 'Días fuera de tiempo libre', 'number'),
    col('demurrage', 'Demurrage', 'Demurrage', 'money'),
    col('detention', 'Detention', 'Detention', 'money'),
    col('total', 'Total', 'Total', 'money'),
  ],
} as const satisfies Partial<BiMetricDef> & { columns: readonly BiColumnDef[] };
