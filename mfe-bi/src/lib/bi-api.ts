// The BI calls (spec section 7: GET bi/{metric}, GET bi/{metric}/export) and the catalogue (GET bi/), through the
// shared-api client. Types mirror api/src/services/bi (catalogue.ts, metrics.ts).
import { api, downloadApiFile, type Query } from '@portal/shared-api';

export type Lang = 'en' | 'es';
type Text = Record<Lang, string>;
export type Unit = 'count' | 'percent' | 'days' | 'hours';
type FilterName = 'carrier' | 'pol_loc' | 'pod_loc' | 'created_at_range';

interface Category {
  key: string;
  type: 'client' | 'internal';
  labels: Text;
}

interface NumericFilter {
  name: string;
  default: number;
  min: number;
  max: number;
  labels: Text;
}

interface ColumnDef {
  key: string;
  labels: Text;
  type: 'text' | 'number' | 'date' | 'percent';
}

export interface MetricDef {
  category: string;
  metric: string;
  type: 'client' | 'internal';
  labels: Text;
  description: Text;
  numericFilters: NumericFilter[];
  specialFormat: boolean;
  specialType: 'table' | null;
  hideTotal: boolean;
  isNotStacked: boolean;
  entity: string;
  url: string;
  filters: FilterName[];
  unit: Unit;
  schema: Record<string, unknown>;
  columns: ColumnDef[];
}

export interface Catalogue {
  categories: Category[];
  metrics: MetricDef[];
}

export type ListQuery = Record<string, string | string[]>;

interface Dataset {
  key: string;
  label: Text;
  data: (number | null)[];
}

export interface ChartResult {
  kind: 'chart';
  unit: Unit;
  labels: string[];
  label_text: Record<Lang, string[]>;
  datasets: Dataset[];
  extras: Dataset[];
  total: number | null;
  drill: { base: ListQuery | null; labels: (ListQuery | null)[]; datasets: (ListQuery | null)[] };
}

export interface TableResult {
  kind: 'table';
  unit: Unit;
  count: number;
  page: number;
  page_size: number;
  columns: ColumnDef[];
  results: Record<string, string | number | null>[];
}

export type MetricResult = ChartResult | TableResult;

export const biApi = {
  catalogue: (signal?: AbortSignal) => api.get<Catalogue>('bi', { signal }),
  data: (metric: string, query: Query, signal?: AbortSignal) =>
    api.get<MetricResult>(`bi/${encodeURIComponent(metric)}`, { query, signal }),
  export: (metric: string, query: Query) =>
    downloadApiFile(`bi/${encodeURIComponent(metric)}/export`, query, `bi-${metric}.xlsx`),
};
