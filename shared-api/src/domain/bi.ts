// BI (spec sections 2 "BI page", 3 "BI metric definition" and 7): the shape of the catalogue (GET bi/) and of a
// metric's answer (GET bi/{metric}), as the API builds them (api/src/services/bi) and the BI page reads them.

/** A text in both languages of the interface. */
export type BiText = { en: string; es: string };
export type BiLang = keyof BiText;

export const BI_LANGS = ['en', 'es'] as const satisfies readonly BiLang[];
export const BI_UNITS = ['count', 'percent', 'days', 'hours'] as const;
export type BiUnit = (typeof BI_UNITS)[number];
/** client: every user; internal: superusers only (spec section 6). */
export const BI_METRIC_TYPES = ['client', 'internal'] as const;
export type BiMetricType = (typeof BI_METRIC_TYPES)[number];
/** The selectors of the BI page a metric may take. */
export const BI_FILTER_NAMES = ['carrier', 'pol_loc', 'pod_loc', 'created_at_range'] as const;
export type BiFilterName = (typeof BI_FILTER_NAMES)[number];
/** money: an amount in the row's `currency` (a row never mixes currencies). */
export const BI_COLUMN_TYPES = ['text', 'number', 'date', 'percent', 'money'] as const;
/** What a metric counts. */
export const BI_ENTITIES = ['shipment', 'tracking_request', 'carrier_event', 'company'] as const;
/** A shipment-list query string, as a drill-down from a chart opens the list. */
export type BiListQuery = Record<string, string | string[]>;

export interface BiCategory<Key extends string = string> {
  key: Key;
  type: BiMetricType;
  labels: BiText;
}

/** A numeric filter of a metric: a whole number from `min` (1, spec section 5) to `max`. */
export interface BiNumericFilter<Name extends string = string> {
  name: Name;
  default: number;
  min: number;
  max: number;
  labels: BiText;
}

export interface BiColumnDef {
  key: string;
  labels: BiText;
  type: (typeof BI_COLUMN_TYPES)[number];
}

/** One query parameter of a metric, as its `schema` describes it (JSON Schema). */
export interface BiQueryParameter {
  type: 'array' | 'string' | 'integer';
  /** carrier: the ids. */
  items?: { type: 'integer'; minimum: number };
  maxItems?: number;
  maxLength?: number;
  format?: 'date';
  minimum?: number;
  maximum?: number;
  default?: number;
  description?: string;
}

/** The query parameters a metric's call accepts, as a JSON Schema object. */
export interface BiQuerySchema {
  type: 'object';
  properties: Record<string, BiQueryParameter>;
  additionalProperties: false;
}

export interface BiMetricDef<Category extends string = string, NumericFilterName extends string = string> {
  category: Category;
  metric: string;
  type: BiMetricType;
  labels: BiText;
  /** The question the metric answers. */
  description: BiText;
  numericFilters: BiNumericFilter<NumericFilterName>[];
  /** Grouped bars (one group per label, bars side by side), for metrics whose datasets are different measures. */
  specialFormat: boolean;
  specialType: 'table' | null;
  /** No total line under the chart (averages and rates cannot be added up). */
  hideTotal: boolean;
  isNotStacked: boolean;
  /** What is counted. */
  entity: (typeof BI_ENTITIES)[number];
  /** The call that answers it (GET; `/export` appended for the spreadsheet). */
  url: string;
  /** The selectors that apply (the others are ignored by the metric). */
  filters: BiFilterName[];
  unit: BiUnit;
  /** The query parameters the call accepts (JSON schema, for the documentation and the page). */
  schema: BiQuerySchema;
  /** Table metrics: the columns; chart metrics: the export columns (label, then one per dataset). */
  columns: BiColumnDef[];
}

export interface BiDataset {
  key: string;
  label: BiText;
  data: (number | null)[];
}

export interface BiChartResult {
  kind: 'chart';
  unit: BiUnit;
  /** Keys of the labels (months, ids, stage names). */
  labels: string[];
  /** What to show for each label. */
  label_text: Record<BiLang, string[]>;
  datasets: BiDataset[];
  /** Exported, not drawn (e.g. how many containers an average is over). */
  extras: BiDataset[];
  /** Sum of all values (count metrics), else null. */
  total: number | null;
  /** Shipment-list query of a click: base, then the clicked label's and dataset's parts (null: no drill-down). */
  drill: { base: BiListQuery | null; labels: (BiListQuery | null)[]; datasets: (BiListQuery | null)[] };
}

/** A table metric's page; `Cell` is what a cell holds (the API builds rows of database values). */
export interface BiTableResult<Cell = string | number | null> {
  kind: 'table';
  unit: BiUnit;
  count: number;
  page: number;
  page_size: number;
  columns: BiColumnDef[];
  results: Record<string, Cell>[];
}
