// The BI calls (spec section 7: GET bi/{metric}, GET bi/{metric}/export) and the catalogue (GET bi/), through the
// shared-api client. Types from the API's contract (its OpenAPI document).
import { type ApiAnswer, type Query } from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

export type Catalogue = ApiAnswer<'/api/bi/'>;
export type MetricDef = Catalogue['metrics'][number];
export type MetricResult = ApiAnswer<'/api/bi/{metric}/'>;
export type ChartResult = Extract<MetricResult, { kind: 'chart' }>;
export type TableResult = Extract<MetricResult, { kind: 'table' }>;
export type Unit = MetricResult['unit'];
export type Lang = keyof ChartResult['label_text'];
/** A shipment-list query string, as a drill-down from a chart opens the list. */
export type ListQuery = NonNullable<ChartResult['drill']['base']>;

export const biApi = {
  catalogue: (signal?: AbortSignal): Promise<Catalogue> => client.get('/api/bi/', { signal }),
  data: (metric: string, query: Query, signal?: AbortSignal): Promise<MetricResult> =>
    client.get('/api/bi/{metric}/', { params: { metric }, query, signal }),
  export: (metric: string, query: Query) =>
    client.download('/api/bi/{metric}/export/', { params: { metric }, query }, `bi-${metric}.xlsx`),
};
