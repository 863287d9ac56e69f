// The BI metric catalogue (spec sections 2 "BI page", 3 "BI metric definition", 6, 9): what each metric is,
// how the page draws it, which filters it takes and its texts in English and Spanish. The numbers are
// computed in ./metrics.ts; mfe-bi/README.md says what question each metric answers and how.
import {
  HEALTH_TEXTS,
  HEALTH_VALUES,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUS_TEXTS,
  type BiCategory,
  type BiColumnDef,
  type BiFilterName,
  type BiMetricDef,
  type BiNumericFilter,
  type BiQueryParameter,
  type BiQuerySchema,
  type BiText,
  type BiUnit,
  type ShipmentStatusText,
} from '@portal/shared-api/domain';
import { FREE_TIME_COST_DRAFT } from './free-time-def';

export const CATEGORY_KEYS = [
  'real_time',
  'history',
  'shipments',
  'tracking_quality',
  'customer_tracking',
] as const;
type CategoryKey = (typeof CATEGORY_KEYS)[number];
export type Unit = BiUnit;
export type Text = BiText;
type Category = BiCategory<CategoryKey>;

const CATEGORIES: readonly Category[] = [
  { key: 'real_time', type: 'client', labels: { en: 'Real Time', es: 'Tiempo real' } },
  { key: 'history', type: 'client', labels: { en: 'History evaluation', es: 'Evaluación histórica' } },
  { key: 'shipments', type: 'client', labels: { en: 'Shipments', es: 'Envíos' } },
  {
    key: 'tracking_quality',
    type: 'internal',
    labels: { en: 'Ocean Insights quality', es: 'Calidad de Ocean Insights' },
  },
  {
    key: 'customer_tracking',
    type: 'internal',
    labels: { en: 'Customer Tracking', es: 'Seguimiento de clientes' },
  },
];

export const NUMERIC_FILTER_NAMES = ['stopped_days', 'dta'] as const;
type NumericFilter = BiNumericFilter<(typeof NUMERIC_FILTER_NAMES)[number]>;
type FilterName = BiFilterName;
type ColumnDef = BiColumnDef;
export type MetricDef = BiMetricDef<CategoryKey, NumericFilter['name']>;

const ALL_FILTERS: FilterName[] = ['carrier', 'pol_loc', 'pod_loc', 'created_at_range'];

const STOPPED_DAYS: NumericFilter = {
  name: 'stopped_days',
  // 3 days: the free time terminals commonly grant before storage is charged.
  default: 3,
  min: 1,
  max: 365,
  labels: { en: 'Stopped days', es: 'Días detenido' },
};
const DTA: NumericFilter = {
  name: 'dta',
  default: 7,
  min: 1,
  max: 365,
  labels: { en: 'Days to arrival', es: 'Días para la llegada' },
};

/** The 13 life stages of BI (spec section 4), in order; shipments.status 0..12 (13, initializing, is unknown). */
export const LIFE_STAGES = [
  'unknown',
  'waiting_for_pickup',
  'land_transport_to_POL',
  'in_POL_terminal',
  'waiting_for_departure_from_POL',
  'ocean_transport_from_POL',
  'in_transshipment',
  'ocean_transport_to_POD',
  'waiting_for_discharge_at_POD',
  'in_POD_terminal',
  'land_transport_to_Place_of_Delivery',
  'delivered_returning_container',
  'completed',
] as const;

type LifeStage = (typeof LIFE_STAGES)[number];
/** A life stage's status text: the same words, with spaces for the underscores (delivered_returning_container
 * is 'delivered; returning container'). */
const stageStatusText = (stage: LifeStage): ShipmentStatusText =>
  SHIPMENT_STATUS_TEXTS.find((t) => t.replace(/;? /g, '_') === stage) ?? 'unknown';
/** Each life stage in the words the shipment screens give its status text. */
export const LIFE_STAGE_TEXT: Record<LifeStage, Text> = Object.fromEntries(
  LIFE_STAGES.map((stage) => [stage, SHIPMENT_STATUS_LABELS[stageStatusText(stage)]]),
) as Record<LifeStage, Text>;

/** Dwell days at POD buckets (migration 0012, bi_day_bucket with bounds 1, 3, 5, 7, 14). */
export const DWELL_BUCKETS: Text[] = [
  { en: '< 1 day', es: '< 1 día' },
  { en: '1-3 days', es: '1-3 días' },
  { en: '3-5 days', es: '3-5 días' },
  { en: '5-7 days', es: '5-7 días' },
  { en: '7-14 days', es: '7-14 días' },
  { en: '14+ days', es: '14+ días' },
];
/** Days-before-arrival buckets of the ETA accuracy (bounds 1, 3, 7, 14, 30). */
export const LEAD_BUCKETS: Text[] = [
  { en: '< 1 day', es: '< 1 día' },
  { en: '1-3 days', es: '1-3 días' },
  { en: '3-7 days', es: '3-7 días' },
  { en: '7-14 days', es: '7-14 días' },
  { en: '14-30 days', es: '14-30 días' },
  { en: '30+ days', es: '30+ días' },
];
export const LEAD_BOUNDS = [1, 3, 7, 14, 30];

const labelColumn = (en: string, es: string): ColumnDef => ({
  key: 'label',
  labels: { en, es },
  type: 'text',
});
const col = (key: string, en: string, es: string, type: ColumnDef['type'] = 'number'): ColumnDef => ({
  key,
  labels: { en, es },
  type,
});

type Draft = Omit<
  MetricDef,
  | 'type'
  | 'url'
  | 'schema'
  | 'numericFilters'
  | 'specialFormat'
  | 'specialType'
  | 'hideTotal'
  | 'isNotStacked'
  | 'filters'
> &
  Partial<
    Pick<
      MetricDef,
      'numericFilters' | 'specialFormat' | 'specialType' | 'hideTotal' | 'isNotStacked' | 'filters'
    >
  >;

const CARRIER_COL = labelColumn('Carrier', 'Naviera');
const MONTH_COL = labelColumn('Month', 'Mes');
const LANE_COL = labelColumn('Lane (POL → POD)', 'Ruta (POL → POD)');
const COMPANY_COL = labelColumn('Company', 'Empresa');
const HEALTH_COLS = HEALTH_VALUES.map((h) => col(h, HEALTH_TEXTS[h].en, HEALTH_TEXTS[h].es));
/** The first columns of a table of shipments: id, container, carrier. */
const SHIPMENT_ROW_COLS = [
  col('id', 'Id', 'Id'),
  col('container_number', 'Container', 'Contenedor', 'text'),
  col('carrier', 'Carrier', 'Naviera', 'text'),
];
const HEALTH_COL = col('health', 'Health', 'Salud', 'text');
/** Average delay and arrivals, after the carrier or lane. */
const DELAY_COLS = [
  col('delay', 'Average delay (days)', 'Retraso medio (días)'),
  col('arrived', 'Arrived', 'Llegados'),
];
const CONTAINERS_COL = col('containers', 'Containers', 'Contenedores');
const REQUESTS_COL = col('requests', 'Requests', 'Solicitudes');

const DRAFTS: Draft[] = [
  // Real Time
  {
    category: 'real_time',
    metric: 'active_by_stage',
    labels: { en: 'Active containers by life stage', es: 'Contenedores activos por etapa' },
    description: {
      en: 'Where are my active containers now, and how healthy are they at each stage?',
      es: '¿Dónde están ahora mis contenedores activos y qué salud tienen en cada etapa?',
    },
    entity: 'shipment',
    unit: 'count',
    columns: [labelColumn('Life stage', 'Etapa'), ...HEALTH_COLS],
  },
  {
    category: 'real_time',
    metric: 'stopped_containers',
    labels: {
      en: 'Containers stopped at POL, transshipment or POD',
      es: 'Contenedores detenidos en POL, transbordo o POD',
    },
    description: {
      en: 'Which active containers have been sitting at the port of loading, a transshipment port or the port of discharge for more than N days?',
      es: '¿Qué contenedores activos llevan más de N días parados en el puerto de carga, un puerto de transbordo o el puerto de descarga?',
    },
    numericFilters: [STOPPED_DAYS],
    specialType: 'table',
    hideTotal: true,
    entity: 'shipment',
    unit: 'days',
    columns: [
      ...SHIPMENT_ROW_COLS,
      col('place', 'Stopped at', 'Detenido en', 'text'),
      col('location', 'Port', 'Puerto', 'text'),
      col('since', 'Since', 'Desde', 'date'),
      col('days', 'Days', 'Días'),
      HEALTH_COL,
    ],
  },
  {
    category: 'real_time',
    metric: 'arrivals_next_days',
    labels: {
      en: 'Arrivals at POD in the next days by carrier',
      es: 'Llegadas a POD en los próximos días por naviera',
    },
    description: {
      en: 'How many containers arrive at their port of discharge in the next N days, with which carrier, and how healthy are they?',
      es: '¿Cuántos contenedores llegan a su puerto de descarga en los próximos N días, con qué naviera y con qué salud?',
    },
    numericFilters: [DTA],
    entity: 'shipment',
    unit: 'count',
    columns: [CARRIER_COL, ...HEALTH_COLS],
  },
  // History evaluation
  {
    category: 'history',
    metric: 'on_time_rate',
    labels: {
      en: 'On-time arrival rate by carrier per month',
      es: 'Tasa de llegada a tiempo por naviera y mes',
    },
    description: {
      en: 'Of the containers created each month that have arrived, what share arrived at POD no later than one day after the initially planned arrival, per carrier?',
      es: 'De los contenedores creados cada mes que ya llegaron, ¿qué parte llegó a POD como mucho un día después de la llegada planificada inicialmente, por naviera?',
    },
    hideTotal: true,
    isNotStacked: true,
    entity: 'shipment',
    unit: 'percent',
    columns: [MONTH_COL],
  },
  {
    category: 'history',
    metric: 'avg_delay_by_carrier',
    labels: { en: 'Average delay days by carrier', es: 'Días de retraso medios por naviera' },
    description: {
      en: 'On average, how many days after (positive) or before (negative) the initial plan did each carrier arrive at POD?',
      es: 'De media, ¿cuántos días después (positivo) o antes (negativo) del plan inicial llegó cada naviera a POD?',
    },
    hideTotal: true,
    entity: 'shipment',
    unit: 'days',
    columns: [CARRIER_COL, ...DELAY_COLS],
  },
  {
    category: 'history',
    metric: 'avg_delay_by_lane',
    labels: { en: 'Average delay days by lane', es: 'Días de retraso medios por ruta' },
    description: {
      en: 'On which lanes (POL → POD) do containers arrive latest against the initial plan? The 20 lanes with most arrivals.',
      es: '¿En qué rutas (POL → POD) llegan los contenedores más tarde respecto al plan inicial? Las 20 rutas con más llegadas.',
    },
    hideTotal: true,
    entity: 'shipment',
    unit: 'days',
    columns: [LANE_COL, ...DELAY_COLS],
  },
  {
    category: 'history',
    metric: 'transit_time_by_lane',
    labels: {
      en: 'Transit time planned vs actual by lane',
      es: 'Tiempo de tránsito previsto y real por ruta',
    },
    description: {
      en: 'How long does the sea leg take on each lane, as planned and as it really happened (days, POL departure to POD arrival)? The 20 lanes with most containers.',
      es: '¿Cuánto dura el tramo marítimo en cada ruta, según el plan y en la realidad (días, salida de POL a llegada a POD)? Las 20 rutas con más contenedores.',
    },
    specialFormat: true,
    hideTotal: true,
    isNotStacked: true,
    entity: 'shipment',
    unit: 'days',
    columns: [LANE_COL, col('planned', 'Planned', 'Previsto'), col('actual', 'Actual', 'Real')],
  },
  {
    category: 'history',
    metric: 'rolled_and_vessel_changes',
    labels: {
      en: 'Rolled containers and vessel changes by carrier',
      es: 'Contenedores rolados y cambios de buque por naviera',
    },
    description: {
      en: 'How often does each carrier roll containers over to a later vessel or change the vessel?',
      es: '¿Con qué frecuencia cada naviera rola contenedores a un buque posterior o cambia el buque?',
    },
    specialFormat: true,
    isNotStacked: true,
    entity: 'shipment',
    unit: 'count',
    columns: [
      CARRIER_COL,
      col('rolled', 'Rolled over', 'Rolados'),
      col('vessel_changes', 'Vessel changes', 'Cambios de buque'),
    ],
  },
  {
    category: 'history',
    metric: 'eta_accuracy',
    labels: {
      en: 'ETA accuracy by days before arrival',
      es: 'Precisión de la ETA según días antes de la llegada',
    },
    description: {
      en: "How far off (mean absolute error, days) were the carrier's ETA and this product's predicted arrival from the actual arrival, by how many days before the arrival they were given?",
      es: '¿Cuánto se desviaron (error absoluto medio, días) la ETA de la naviera y la llegada prevista por este producto respecto a la llegada real, según cuántos días antes de la llegada se dieron?',
    },
    specialFormat: true,
    hideTotal: true,
    isNotStacked: true,
    entity: 'shipment',
    unit: 'days',
    columns: [
      labelColumn('Days before arrival', 'Días antes de la llegada'),
      col('carrier_eta', 'Carrier ETA', 'ETA de la naviera'),
      col('prediction', 'Predicted arrival', 'Llegada prevista'),
    ],
  },
  // Shipments
  {
    category: 'shipments',
    metric: 'created_per_month',
    labels: { en: 'Containers created per month by carrier', es: 'Contenedores creados por mes y naviera' },
    description: {
      en: 'How many containers did we start following each month, with which carrier?',
      es: '¿Cuántos contenedores empezamos a seguir cada mes y con qué naviera?',
    },
    entity: 'shipment',
    unit: 'count',
    columns: [MONTH_COL],
  },
  {
    category: 'shipments',
    metric: 'top_lanes',
    labels: { en: 'Top lanes', es: 'Rutas principales' },
    description: {
      en: 'Which lanes (POL → POD) carry most of our containers? The top 15.',
      es: '¿Qué rutas (POL → POD) llevan la mayor parte de nuestros contenedores? Las 15 primeras.',
    },
    entity: 'shipment',
    unit: 'count',
    columns: [LANE_COL, CONTAINERS_COL],
  },
  {
    category: 'shipments',
    metric: 'dwell_at_pod',
    labels: { en: 'Dwell days at POD (storage)', es: 'Días de estancia en POD (almacenaje)' },
    description: {
      en: 'How long do containers stay in storage at the port of discharge before they leave it?',
      es: '¿Cuánto tiempo permanecen los contenedores almacenados en el puerto de descarga antes de salir?',
    },
    entity: 'shipment',
    unit: 'count',
    columns: [labelColumn('Storage days', 'Días de almacenaje'), CONTAINERS_COL],
  },
  {
    category: 'shipments',
    metric: 'current_exceptions',
    labels: { en: 'Current exceptions', es: 'Excepciones actuales' },
    description: {
      en: 'Which active containers need attention or run later than expected right now, and why?',
      es: '¿Qué contenedores activos requieren atención o van más tarde de lo previsto ahora mismo, y por qué?',
    },
    specialType: 'table',
    hideTotal: true,
    entity: 'shipment',
    unit: 'count',
    columns: [
      ...SHIPMENT_ROW_COLS,
      col('pol', 'POL', 'POL', 'text'),
      col('pod', 'POD', 'POD', 'text'),
      HEALTH_COL,
      col('eta', 'ETA', 'ETA', 'date'),
      col('eta_delta_days', 'Days off plan', 'Días de desvío'),
      col('last_alert_message', 'Last alert', 'Última alerta', 'text'),
    ],
  },
  { ...FREE_TIME_COST_DRAFT, columns: [...FREE_TIME_COST_DRAFT.columns] },
  // Internal: tracking quality
  {
    category: 'tracking_quality',
    metric: 'tq_completeness',
    labels: { en: 'Data completeness by carrier', es: 'Completitud de datos por naviera' },
    description: {
      en: 'Of the milestones whose planned date has passed, what share has an actual date, per carrier (all companies)?',
      es: 'De los hitos cuya fecha planificada ya pasó, ¿qué parte tiene fecha real, por naviera (todas las empresas)?',
    },
    hideTotal: true,
    entity: 'shipment',
    unit: 'percent',
    columns: [
      CARRIER_COL,
      col('completeness', 'Completeness', 'Completitud', 'percent'),
      col('due', 'Milestones due', 'Hitos vencidos'),
    ],
  },
  {
    category: 'tracking_quality',
    metric: 'tq_event_latency',
    labels: { en: 'Event latency by carrier', es: 'Latencia de eventos por naviera' },
    description: {
      en: 'How many hours pass on average between an actual event happening and this product receiving it, per carrier?',
      es: '¿Cuántas horas pasan de media entre que ocurre un evento real y este producto lo recibe, por naviera?',
    },
    hideTotal: true,
    entity: 'carrier_event',
    unit: 'hours',
    filters: ['carrier', 'created_at_range'],
    columns: [
      CARRIER_COL,
      col('latency', 'Average latency (hours)', 'Latencia media (horas)'),
      col('events', 'Events', 'Eventos'),
    ],
  },
  {
    category: 'tracking_quality',
    metric: 'tq_invalid_share',
    labels: {
      en: 'Share of requests that went invalid by carrier',
      es: 'Parte de solicitudes inválidas por naviera',
    },
    description: {
      en: 'What share of the tracking requests sent to each carrier ended up invalid (the carrier did not know the reference)?',
      es: '¿Qué parte de las solicitudes de seguimiento enviadas a cada naviera acabó inválida (la naviera no conocía la referencia)?',
    },
    hideTotal: true,
    entity: 'tracking_request',
    unit: 'percent',
    filters: ['carrier', 'created_at_range'],
    columns: [CARRIER_COL, col('invalid_share', 'Invalid share', 'Parte inválida', 'percent'), REQUESTS_COL],
  },
  {
    category: 'tracking_quality',
    metric: 'tq_ais_share',
    labels: {
      en: 'Share of vessel calls detected from positions by carrier',
      es: 'Parte de escalas detectadas por posiciones por naviera',
    },
    description: {
      en: 'Of the actual vessel departures from POL and arrivals at POD, what share was also detected from vessel positions (AIS-style), per carrier?',
      es: 'De las salidas reales de POL y llegadas reales a POD, ¿qué parte se detectó también por posiciones de buque (tipo AIS), por naviera?',
    },
    hideTotal: true,
    entity: 'shipment',
    unit: 'percent',
    columns: [
      CARRIER_COL,
      col('ais_share', 'Detected share', 'Parte detectada', 'percent'),
      col('calls', 'Vessel calls', 'Escalas'),
    ],
  },
  {
    category: 'tracking_quality',
    metric: 'tq_poll_failures',
    labels: { en: 'Poll failures by carrier', es: 'Fallos de consulta por naviera' },
    description: {
      en: "How many consecutive polling failures do the open requests of each carrier carry, and how many requests' last poll failed?",
      es: '¿Cuántos fallos de consulta consecutivos acumulan las solicitudes abiertas de cada naviera y cuántas fallaron en su última consulta?',
    },
    specialFormat: true,
    isNotStacked: true,
    entity: 'tracking_request',
    unit: 'count',
    filters: ['carrier', 'created_at_range'],
    columns: [
      CARRIER_COL,
      col('failures', 'Poll failures', 'Fallos de consulta'),
      col('failing', 'Requests failing now', 'Solicitudes con fallo'),
    ],
  },
  // Internal: customer tracking
  {
    category: 'customer_tracking',
    metric: 'ct_requests_per_month',
    labels: {
      en: 'Tracking requests per month by company',
      es: 'Solicitudes de seguimiento por mes y empresa',
    },
    description: {
      en: 'How many tracking requests does each customer register each month?',
      es: '¿Cuántas solicitudes de seguimiento registra cada cliente cada mes?',
    },
    entity: 'tracking_request',
    unit: 'count',
    filters: ['carrier', 'created_at_range'],
    columns: [MONTH_COL],
  },
  {
    category: 'customer_tracking',
    metric: 'ct_containers_per_month',
    labels: { en: 'Containers per month by company', es: 'Contenedores por mes y empresa' },
    description: {
      en: 'How many containers does each customer start following each month?',
      es: '¿Cuántos contenedores empieza a seguir cada cliente cada mes?',
    },
    entity: 'shipment',
    unit: 'count',
    columns: [MONTH_COL],
  },
  {
    category: 'customer_tracking',
    metric: 'ct_active_containers',
    labels: { en: 'Active containers by company', es: 'Contenedores activos por empresa' },
    description: {
      en: 'How many containers is each customer following right now?',
      es: '¿Cuántos contenedores sigue cada cliente en este momento?',
    },
    entity: 'shipment',
    unit: 'count',
    columns: [COMPANY_COL, col('active', 'Active containers', 'Contenedores activos')],
  },
  {
    category: 'customer_tracking',
    metric: 'ct_volume_vs_cap',
    labels: {
      en: 'Annual container volume vs cap by company',
      es: 'Volumen anual de contenedores frente al límite por empresa',
    },
    description: {
      en: "How much of its annual volume (pay-as-you-go cap) has each customer used: containers created in the last 365 days against the company's cap?",
      es: '¿Cuánto de su volumen anual (límite de pago por uso) ha usado cada cliente: contenedores creados en los últimos 365 días frente al límite de la empresa?',
    },
    specialFormat: true,
    hideTotal: true,
    isNotStacked: true,
    entity: 'company',
    unit: 'count',
    filters: [],
    columns: [
      COMPANY_COL,
      col('used', 'Containers (365 days)', 'Contenedores (365 días)'),
      col('cap', 'Cap', 'Límite'),
    ],
  },
  {
    category: 'customer_tracking',
    metric: 'ct_invalid_rate',
    labels: { en: 'Invalid-request rate by company', es: 'Tasa de solicitudes inválidas por empresa' },
    description: {
      en: 'What share of each customer’s tracking requests is invalid?',
      es: '¿Qué parte de las solicitudes de seguimiento de cada cliente es inválida?',
    },
    hideTotal: true,
    entity: 'tracking_request',
    unit: 'percent',
    filters: ['carrier', 'created_at_range'],
    columns: [COMPANY_COL, col('invalid_rate', 'Invalid rate', 'Tasa inválida', 'percent'), REQUESTS_COL],
  },
];

function schemaOf(d: Draft, filters: FilterName[]): BiQuerySchema {
  const props: Record<string, BiQueryParameter> = {};
  if (filters.includes('carrier'))
    props.carrier = {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      maxItems: 50,
      description: 'Carrier ids',
    };
  if (filters.includes('pol_loc'))
    props.pol_loc = { type: 'string', maxLength: 100, description: 'POL: id, UN/LOCODE or name' };
  if (filters.includes('pod_loc'))
    props.pod_loc = { type: 'string', maxLength: 100, description: 'POD: id, UN/LOCODE or name' };
  if (filters.includes('created_at_range')) {
    props.created_at_range_after = { type: 'string', format: 'date' };
    props.created_at_range_before = { type: 'string', format: 'date' };
  }
  for (const f of d.numericFilters ?? [])
    props[f.name] = { type: 'integer', minimum: f.min, maximum: f.max, default: f.default };
  if (d.specialType === 'table')
    props.page = { type: 'integer', minimum: 0, description: 'From 0; 30 rows a page' };
  return { type: 'object', properties: props, additionalProperties: false };
}

const INTERNAL = new Set<CategoryKey>(['tracking_quality', 'customer_tracking']);

export const METRICS: readonly MetricDef[] = DRAFTS.map((d) => {
  const filters = d.filters ?? ALL_FILTERS;
  return {
    ...d,
    type: INTERNAL.has(d.category) ? 'internal' : 'client',
    numericFilters: d.numericFilters ?? [],
    specialFormat: d.specialFormat ?? false,
    specialType: d.specialType ?? null,
    hideTotal: d.hideTotal ?? false,
    isNotStacked: d.isNotStacked ?? false,
    url: `bi/${d.metric}`,
    filters,
    schema: schemaOf(d, filters),
  };
});

export const METRICS_BY_NAME = new Map(METRICS.map((m) => [m.metric, m]));

/** The categories and metrics a caller may see: internal ones only for superusers. */
export function catalogueFor(isSuperuser: boolean) {
  const visible = (type: 'client' | 'internal') => isSuperuser || type === 'client';
  return {
    categories: CATEGORIES.filter((c) => visible(c.type)),
    metrics: METRICS.filter((m) => visible(m.type)),
  };
}
