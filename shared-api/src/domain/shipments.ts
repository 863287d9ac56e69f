// Shipments (spec sections 3 and 4): health, life stages, lifecycle, locations and milestone dates, as both the
// API and the screens know them.

/** The caller's health of a shipment (spec section 3), computed with the caller's thresholds. */
export const HEALTH_VALUES = ['ontrack', 'delayed', 'alerted'] as const;
export type ShipmentHealth = (typeof HEALTH_VALUES)[number];
/** Each health value in both languages: the spec's English, and the Spanish every screen, export and e-mail uses. */
export const HEALTH_TEXTS: Readonly<Record<ShipmentHealth, { en: string; es: string }>> = {
  ontrack: { en: 'On track', es: 'En plazo' },
  delayed: { en: 'Later than expected', es: 'Más tarde de lo previsto' },
  alerted: { en: 'Attention required', es: 'Requiere atención' },
};
/** The spec's wording of each health value. */
export const HEALTH_LABELS: Readonly<Record<ShipmentHealth, string>> = {
  ontrack: HEALTH_TEXTS.ontrack.en,
  delayed: HEALTH_TEXTS.delayed.en,
  alerted: HEALTH_TEXTS.alerted.en,
};

export const LIFECYCLE_STATUSES = ['active', 'expired', 'completed'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
export const LIFECYCLE_LABELS: Readonly<Record<LifecycleStatus, string>> = {
  active: 'Active',
  expired: 'Expired',
  completed: 'Completed',
};

/** The shipment status texts (status_text) and their numbers (status), spec section 4. */
export const SHIPMENT_STATUS = {
  unknown: 0,
  'waiting for pickup': 1,
  'land transport to POL': 2,
  'in POL terminal': 3,
  'waiting for departure from POL': 4,
  'ocean transport from POL': 5,
  'in transshipment': 6,
  'ocean transport to POD': 7,
  'waiting for discharge at POD': 8,
  'in POD terminal': 9,
  'land transport to Place of Delivery': 10,
  'delivered; returning container': 11,
  completed: 12,
  initializing: 13,
} as const;
export type ShipmentStatusText = keyof typeof SHIPMENT_STATUS;
export const SHIPMENT_STATUS_TEXTS = Object.keys(SHIPMENT_STATUS) as ShipmentStatusText[];

/** Each status text as the screens show it, in both languages. */
export const SHIPMENT_STATUS_LABELS: Readonly<Record<ShipmentStatusText, { en: string; es: string }>> = {
  unknown: { en: 'Unknown', es: 'Desconocido' },
  'waiting for pickup': { en: 'Waiting for pickup', es: 'Esperando la recogida' },
  'land transport to POL': { en: 'Land transport to POL', es: 'Transporte terrestre a POL' },
  'in POL terminal': { en: 'In POL terminal', es: 'En la terminal de POL' },
  'waiting for departure from POL': {
    en: 'Waiting for departure from POL',
    es: 'Esperando la salida de POL',
  },
  'ocean transport from POL': { en: 'Ocean transport from POL', es: 'Transporte marítimo desde POL' },
  'in transshipment': { en: 'In transshipment', es: 'En transbordo' },
  'ocean transport to POD': { en: 'Ocean transport to POD', es: 'Transporte marítimo a POD' },
  'waiting for discharge at POD': { en: 'Waiting for discharge at POD', es: 'Esperando la descarga en POD' },
  'in POD terminal': { en: 'In POD terminal', es: 'En la terminal de POD' },
  'land transport to Place of Delivery': {
    en: 'Land transport to Place of Delivery',
    es: 'Transporte terrestre al lugar de entrega',
  },
  'delivered; returning container': {
    en: 'Delivered; returning container',
    es: 'Entregado; devolviendo el contenedor',
  },
  completed: { en: 'Completed', es: 'Completado' },
  initializing: { en: 'Initializing', es: 'Iniciando' },
};

/** The places of a shipment, each an object `{id, name, locode, …}` or null in the API's answers. */
export const LOCATION_KEYS = [
  'origin_loc',
  'empty_pickup_loc',
  'pol_loc',
  'tsp1_loc',
  'tsp2_loc',
  'tsp3_loc',
  'tsp4_loc',
  'pod_loc',
  'dlv_loc',
  'empty_return_loc',
  'lif_loc',
  'availability_loc',
] as const;
export type LocationKey = (typeof LOCATION_KEYS)[number];

/** The legs of a voyage (leg1 … leg5), each `{voyage, vessel}`. */
export const LEG_NUMBERS = [1, 2, 3, 4, 5] as const;

/** The milestones of a shipment, from the origin to the empty return (spec section 4). */
export const MILESTONES = [
  'origin_pickup',
  'empty_pickup',
  'pol_arrival',
  'pol_loaded',
  'pol_discharge',
  'pol_vessel_departure',
  'tsp1_vessel_arrival',
  'tsp1_discharge',
  'tsp1_loaded',
  'tsp1_vessel_departure',
  'tsp2_vessel_arrival',
  'tsp2_discharge',
  'tsp2_loaded',
  'tsp2_vessel_departure',
  'tsp3_vessel_arrival',
  'tsp3_discharge',
  'tsp3_loaded',
  'tsp3_vessel_departure',
  'tsp4_vessel_arrival',
  'tsp4_discharge',
  'tsp4_loaded',
  'tsp4_vessel_departure',
  'pod_vessel_arrival',
  'pod_discharge',
  'pod_departure',
  'delivery',
  'empty_return',
  'lif_arrival',
  'lif_departure',
] as const;
export type Milestone = (typeof MILESTONES)[number];

/** The five readings kept for every milestone. */
export const MILESTONE_READINGS = [
  'planned_initial',
  'planned_last',
  'actual',
  'detected',
  'prediction',
] as const;
export type MilestoneReading = (typeof MILESTONE_READINGS)[number];
export type MilestoneDateColumn = `${Milestone}_${MilestoneReading}`;
/** Every milestone date column (`pol_vessel_departure_actual`, …), milestone by milestone. */
export const MILESTONE_DATE_COLUMNS: readonly MilestoneDateColumn[] = MILESTONES.flatMap((m) =>
  MILESTONE_READINGS.map((r): MilestoneDateColumn => `${m}_${r}`),
);

/**
 * The sortable shipment columns, in the lists' order: each is a column of the shipment tables and an ordering
 * field of GET shipments/ (`ordering=-eta`).
 */
export const SHIPMENT_ORDERING_FIELDS = [
  'id',
  'container_number',
  'container_type_str',
  'booking_number',
  'bl_number',
  'client_code',
  'carrier',
  'status',
  'lifecycle_status',
  'pol_loc',
  'pod_loc',
  'etd',
  'atd',
  'eta',
  'ata',
  'dtd',
  'dta',
  'transit_time',
  'health',
  'last_alert_code',
  'last_update',
  'created_at',
  // the last free day of the clock running now (demurrage or detention); sorting by it sorts by days left
  'free_time_lfd',
] as const;
export type ShipmentOrderingField = (typeof SHIPMENT_ORDERING_FIELDS)[number];

/**
 * What a list asks `fields` for, for one of its columns: of a port column only the parts its cell shows (the
 * UN/LOCODE, else the name, with the name as its title), any other column whole.
 */
export const listColumnFields = (key: string): string[] =>
  key === 'pol_loc' || key === 'pod_loc' ? [`${key}.locode`, `${key}.name`] : [key];

/** The dates GET shipments/ filters by a range (`<field>_after` / `<field>_before`, yyyy-MM-dd). */
export const SHIPMENT_DATE_FILTER_FIELDS = [
  'eta',
  'etd',
  'ata',
  'atd',
  'pol_departure',
  'pod_arrival',
  'last_update',
  'created_at',
] as const;
export type ShipmentDateFilterField = (typeof SHIPMENT_DATE_FILTER_FIELDS)[number];
