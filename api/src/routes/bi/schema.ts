// The answers of /api/bi/ (the catalogue) and /api/bi/{metric}/ (a chart or a table page), as the services build
// them on the domain's BI shapes (@portal/shared-api/domain bi.ts); the front end reads them from the contract.
import { Type, type TLiteral, type TSchema } from '@sinclair/typebox';
import {
  BI_COLUMN_TYPES,
  BI_ENTITIES,
  BI_FILTER_NAMES,
  BI_LANGS,
  BI_METRIC_TYPES,
  BI_UNITS,
} from '@portal/shared-api/domain';
import { CATEGORY_KEYS, NUMERIC_FILTER_NAMES } from '../../services/bi/catalogue';

const oneOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v): TLiteral<T> => Type.Literal(v)),
    description ? { description } : {},
  );
const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const Text = Type.Object(
  Object.fromEntries(BI_LANGS.map((lang) => [lang, Type.String()])) as Record<
    (typeof BI_LANGS)[number],
    ReturnType<typeof Type.String>
  >,
  { description: 'A text in English and Spanish' },
);
const Unit = oneOf(BI_UNITS, 'What the numbers are');

const Category = Type.Object({
  key: oneOf(CATEGORY_KEYS),
  type: oneOf(BI_METRIC_TYPES, 'client: every user; internal: superusers only'),
  labels: Text,
});

const NumericFilter = Type.Object({
  name: oneOf(NUMERIC_FILTER_NAMES),
  default: Type.Integer(),
  min: Type.Integer(),
  max: Type.Integer(),
  labels: Text,
});

const Column = Type.Object({ key: Type.String(), labels: Text, type: oneOf(BI_COLUMN_TYPES) });

const QueryParameter = Type.Object({
  type: oneOf(['array', 'string', 'integer'] as const),
  items: Type.Optional(Type.Object({ type: Type.Literal('integer'), minimum: Type.Integer() })),
  maxItems: Type.Optional(Type.Integer()),
  maxLength: Type.Optional(Type.Integer()),
  format: Type.Optional(Type.Literal('date')),
  minimum: Type.Optional(Type.Integer()),
  maximum: Type.Optional(Type.Integer()),
  default: Type.Optional(Type.Integer()),
  description: Type.Optional(Type.String()),
});

const MetricDefinition = Type.Object(
  {
    category: oneOf(CATEGORY_KEYS),
    metric: Type.String({ description: 'Its name in the path of GET bi/{metric}/' }),
    type: oneOf(BI_METRIC_TYPES),
    labels: Text,
    description: Text,
    numericFilters: Type.Array(NumericFilter),
    specialFormat: Type.Boolean({ description: 'Grouped bars (datasets side by side)' }),
    specialType: nullable(Type.Literal('table')),
    hideTotal: Type.Boolean({ description: 'No total line under the chart' }),
    isNotStacked: Type.Boolean(),
    entity: oneOf(BI_ENTITIES, 'What is counted'),
    url: Type.String({ description: 'The call that answers it (`/export` appended for the spreadsheet)' }),
    filters: Type.Array(oneOf(BI_FILTER_NAMES), { description: 'The selectors that apply' }),
    unit: Unit,
    schema: Type.Object(
      {
        type: Type.Literal('object'),
        properties: Type.Record(Type.String(), QueryParameter),
        additionalProperties: Type.Literal(false),
      },
      { description: 'The query parameters the call accepts, as a JSON Schema' },
    ),
    columns: Type.Array(Column, {
      description: 'Tables: the columns; charts: the export columns (label, then one per dataset)',
    }),
  },
  { title: 'BiMetricDefinition' },
);

export const BiCatalogueSchema = Type.Object(
  { categories: Type.Array(Category), metrics: Type.Array(MetricDefinition) },
  { title: 'BiCatalogue' },
);

const Dataset = Type.Object({
  key: Type.String(),
  label: Text,
  data: Type.Array(nullable(Type.Number())),
});
/** A shipment-list query string. */
const ListQuery = Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())]), {
  description: 'A shipment-list query string (the drill-down of a click)',
});

const ChartResult = Type.Object(
  {
    kind: Type.Literal('chart'),
    unit: Unit,
    labels: Type.Array(Type.String(), { description: 'Keys of the labels (months, ids, stage names)' }),
    label_text: Type.Object(
      Object.fromEntries(BI_LANGS.map((lang) => [lang, Type.Array(Type.String())])) as Record<
        (typeof BI_LANGS)[number],
        ReturnType<typeof Type.Array<ReturnType<typeof Type.String>>>
      >,
      { description: 'What to show for each label' },
    ),
    datasets: Type.Array(Dataset),
    extras: Type.Array(Dataset, { description: 'Exported, not drawn' }),
    total: nullable(Type.Number({ description: 'Sum of all values (count metrics)' })),
    drill: Type.Object({
      base: nullable(ListQuery),
      labels: Type.Array(nullable(ListQuery)),
      datasets: Type.Array(nullable(ListQuery)),
    }),
  },
  { title: 'BiChartResult' },
);

const TableResult = Type.Object(
  {
    kind: Type.Literal('table'),
    unit: Unit,
    count: Type.Integer(),
    page: Type.Integer({ description: 'From 0' }),
    page_size: Type.Integer(),
    columns: Type.Array(Column),
    results: Type.Array(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]), {
        description: "A row: each column's key with its value (dates as ISO text)",
      }),
    ),
  },
  { title: 'BiTableResult' },
);

export const BiMetricResultSchema = Type.Union([ChartResult, TableResult], { title: 'BiMetricResult' });
