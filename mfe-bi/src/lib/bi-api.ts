// The BI calls (spec section 7: GET bi/{metric}, GET bi/{metric}/export) and the catalogue (GET bi/), through the
// shared-api client, with the shapes both sides take from the domain (@portal/shared-api/domain bi.ts): the API's
// OpenAPI document does not describe these two answers yet, so they cannot come from the generated contract.
import { api, downloadApiFile, type Query } from '@portal/shared-api';
import type {
  BiCategory,
  BiChartResult,
  BiLang,
  BiListQuery,
  BiMetricDef,
  BiTableResult,
  BiUnit,
} from '@portal/shared-api/domain';

export type Lang = BiLang;
export type Unit = BiUnit;
export type ListQuery = BiListQuery;
export type MetricDef = BiMetricDef;
export type ChartResult = BiChartResult;
export type TableResult = BiTableResult;
export type MetricResult = ChartResult | TableResult;

export interface Catalogue {
  categories: BiCategory[];
  metrics: MetricDef[];
}

export const biApi = {
  catalogue: (signal?: AbortSignal) => api.get<Catalogue>('bi', { signal }),
  data: (metric: string, query: Query, signal?: AbortSignal) =>
    api.get<MetricResult>(`bi/${encodeURIComponent(metric)}`, { query, signal }),
  export: (metric: string, query: Query) =>
    downloadApiFile(`bi/${encodeURIComponent(metric)}/export`, query, `bi-${metric}.xlsx`),
};
