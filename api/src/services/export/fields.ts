// The shipment export's field catalogue (spec section 1: "reports with more than 200 selectable fields"): every
// field with a stable key, its section, a label in en and es, a type, and the SQL that reads it. The static
// part is built once; the custom-form fields of the caller's company are added per request.
import { HEALTH_TEXTS, SHIPMENT_STATUS_LABELS } from '@portal/shared-api/domain';
import { sql, type RawBuilder } from 'kysely';
import type { HealthThresholds } from '../health';
import { healthExpression } from '../health';
import { freeTimeExportFields } from './free-time-fields';

type ExportFieldType = 'string' | 'integer' | 'number' | 'datetime' | 'date' | 'boolean';
export type ExportLang = 'en' | 'es';
export const EXPORT_LANGS: readonly ExportLang[] = ['en', 'es'];

/** A join a field needs; the SQL of each is in JOINS. */
export type JoinKey = string;

export interface ExportField {
  key: string;
  section: string;
  label: Record<ExportLang, string>;
  type: ExportFieldType;
  /** The value, on table `shipments` and the aliases of `joins`. */
  expr: (ctx: { thresholds: HealthThresholds }) => RawBuilder<unknown>;
  joins?: JoinKey[];
  /** Words for coded values (health), per language. */
  choices?: Record<string, Record<ExportLang, string>>;
}

interface ExportSection {
  key: string;
  label: Record<ExportLang, string>;
}

const SECTIONS: ExportSection[] = [
  { key: 'identity', label: { en: 'Container and status', es: 'Contenedor y estado' } },
  { key: 'references', label: { en: 'Parties and references', es: 'Partes y referencias' } },
  { key: 'locations', label: { en: 'Locations', es: 'Ubicaciones' } },
  { key: 'milestones_origin', label: { en: 'Milestones: origin and POL', es: 'Hitos: origen y POL' } },
  {
    key: 'milestones_tsp',
    label: { en: 'Milestones: transshipment ports', es: 'Hitos: puertos de transbordo' },
  },
  {
    key: 'milestones_destination',
    label: { en: 'Milestones: POD and delivery', es: 'Hitos: POD y entrega' },
  },
  { key: 'summary_dates', label: { en: 'ETA, ATA, ETD, ATD', es: 'ETA, ATA, ETD, ATD' } },
  { key: 'legs', label: { en: 'Legs and vessels', es: 'Tramos y buques' } },
  { key: 'durations', label: { en: 'Durations and storage', es: 'Duraciones y almacenaje' } },
  { key: 'transit', label: { en: 'Transit times', es: 'Tiempos de tránsito' } },
  { key: 'discrepancies', label: { en: 'Discrepancies', es: 'Discrepancias' } },
  { key: 'release', label: { en: 'Availability and release', es: 'Disponibilidad y despacho' } },
  { key: 'predictions', label: { en: 'Predictions', es: 'Predicciones' } },
  { key: 'alerts', label: { en: 'Alerts and health', es: 'Alertas y salud' } },
  { key: 'free_time', label: { en: 'Demurrage and detention', es: 'Demora y detención' } },
  { key: 'position', label: { en: 'Position', es: 'Posición' } },
  { key: 'custom_form', label: { en: 'Custom form', es: 'Formulario personalizado' } },
  { key: 'timestamps', label: { en: 'Record', es: 'Registro' } },
];

const raw = (text: string) => () => sql.raw(text);

/** The joins fields may need, each LEFT JOINed once when a chosen field names it. */
export const JOINS: Record<JoinKey, string> = {
  carrier: 'LEFT JOIN carriers x_carrier ON x_carrier.id = shipments.carrier_id',
  request: 'LEFT JOIN tracking_requests x_request ON x_request.id = shipments.tracking_request_id',
  project: 'LEFT JOIN projects x_project ON x_project.id = shipments.project_id',
  current_vessel: 'LEFT JOIN vessels x_current_vessel ON x_current_vessel.id = shipments.current_vessel_id',
  next_port: 'LEFT JOIN locations x_next_port ON x_next_port.id = shipments.current_vessel_nextport_id',
  last_alert: 'LEFT JOIN event_codes x_last_alert ON x_last_alert.code = shipments.last_alert_code',
  free_time:
    'LEFT JOIN shipment_free_time x_free_time ON x_free_time.shipment_id = shipments.id' +
    ' AND x_free_time.company_id = shipments.company_id',
};

/** The twelve locations of a shipment: column prefix, labels. */
const LOCATIONS: [string, string, string][] = [
  ['origin', 'Origin', 'Origen'],
  ['empty_pickup', 'Empty pickup location', 'Lugar de recogida de vacío'],
  ['pol', 'POL', 'POL'],
  ['tsp1', 'Transshipment port 1', 'Puerto de transbordo 1'],
  ['tsp2', 'Transshipment port 2', 'Puerto de transbordo 2'],
  ['tsp3', 'Transshipment port 3', 'Puerto de transbordo 3'],
  ['tsp4', 'Transshipment port 4', 'Puerto de transbordo 4'],
  ['pod', 'POD', 'POD'],
  ['dlv', 'Place of delivery', 'Lugar de entrega'],
  ['empty_return', 'Empty return location', 'Lugar de devolución de vacío'],
  ['lif', 'Last inland facility', 'Última instalación interior'],
  ['availability', 'Availability location', 'Lugar de disponibilidad'],
];
for (const [loc] of LOCATIONS) {
  JOINS[`loc_${loc}`] = `LEFT JOIN locations x_loc_${loc} ON x_loc_${loc}.id = shipments.${loc}_loc_id`;
}
for (let leg = 1; leg <= 5; leg++) {
  JOINS[`leg${leg}`] = `LEFT JOIN vessels x_leg${leg} ON x_leg${leg}.id = shipments.leg${leg}_vessel_id`;
}

/** Milestones with their five readings: column prefix, section, labels. */
const MILESTONES: [string, string, string, string][] = [
  ['origin_pickup', 'milestones_origin', 'Origin pickup', 'Recogida en origen'],
  ['empty_pickup', 'milestones_origin', 'Empty pickup', 'Recogida de vacío'],
  ['pol_arrival', 'milestones_origin', 'Arrival at POL', 'Llegada al POL'],
  ['pol_loaded', 'milestones_origin', 'Loaded at POL', 'Carga en el POL'],
  ['pol_discharge', 'milestones_origin', 'Discharge at POL', 'Descarga en el POL'],
  ['pol_vessel_departure', 'milestones_origin', 'Vessel departure from POL', 'Salida del buque del POL'],
];
for (let n = 1; n <= 4; n++) {
  MILESTONES.push(
    [
      `tsp${n}_vessel_arrival`,
      'milestones_tsp',
      `Vessel arrival at TSP ${n}`,
      `Llegada del buque al TSP ${n}`,
    ],
    [`tsp${n}_discharge`, 'milestones_tsp', `Discharge at TSP ${n}`, `Descarga en el TSP ${n}`],
    [`tsp${n}_loaded`, 'milestones_tsp', `Loaded at TSP ${n}`, `Carga en el TSP ${n}`],
    [
      `tsp${n}_vessel_departure`,
      'milestones_tsp',
      `Vessel departure from TSP ${n}`,
      `Salida del buque del TSP ${n}`,
    ],
  );
}
MILESTONES.push(
  ['pod_vessel_arrival', 'milestones_destination', 'Vessel arrival at POD', 'Llegada del buque al POD'],
  ['pod_discharge', 'milestones_destination', 'Discharge at POD', 'Descarga en el POD'],
  ['pod_departure', 'milestones_destination', 'Departure from POD', 'Salida del POD'],
  ['delivery', 'milestones_destination', 'Delivery', 'Entrega'],
  ['empty_return', 'milestones_destination', 'Empty return', 'Devolución de vacío'],
  [
    'lif_arrival',
    'milestones_destination',
    'Arrival at last inland facility',
    'Llegada a la última instalación interior',
  ],
  [
    'lif_departure',
    'milestones_destination',
    'Departure from last inland facility',
    'Salida de la última instalación interior',
  ],
);

const READINGS: [string, string, string][] = [
  ['planned_initial', 'planned (initial)', 'planificada (inicial)'],
  ['planned_last', 'planned (latest)', 'planificada (última)'],
  ['actual', 'actual', 'real'],
  ['detected', 'detected', 'detectada'],
  ['prediction', 'predicted', 'prevista'],
];

function field(
  key: string,
  section: string,
  en: string,
  es: string,
  type: ExportFieldType,
  expr: ExportField['expr'],
  joins?: JoinKey[],
): ExportField {
  return { key, section, label: { en, es }, type, expr, joins };
}

function buildStaticFields(): ExportField[] {
  const out: ExportField[] = [];
  const col = (key: string, section: string, en: string, es: string, type: ExportFieldType) =>
    out.push(field(key, section, en, es, type, raw(`shipments.${key}`)));

  // Identity and status.
  col('id', 'identity', 'Shipment id', 'Id del envío', 'integer');
  col('container_number', 'identity', 'Container', 'Contenedor', 'string');
  col('container_type_str', 'identity', 'Container type', 'Tipo de contenedor', 'string');
  col('container_type_iso', 'identity', 'Container type (ISO)', 'Tipo de contenedor (ISO)', 'string');
  col('weight', 'identity', 'Weight', 'Peso', 'number');
  col('status', 'identity', 'Life stage (number)', 'Etapa (número)', 'integer');
  // The derived status texts and lifecycle values, worded as the screens word them (shared-ui lists i18n).
  out.push({
    ...field('status_text', 'identity', 'Status', 'Estado', 'string', raw('shipments.status_text')),
    choices: SHIPMENT_STATUS_LABELS,
  });
  out.push({
    ...field(
      'lifecycle_status',
      'identity',
      'Lifecycle',
      'Ciclo de vida',
      'string',
      raw('shipments.lifecycle_status'),
    ),
    choices: {
      active: { en: 'Active', es: 'Activo' },
      expired: { en: 'Expired', es: 'Caducado' },
      completed: { en: 'Completed', es: 'Completado' },
    },
  });
  col('hidden', 'identity', 'Hidden', 'Oculto', 'boolean');
  out.push({
    ...field('health', 'identity', 'Health', 'Salud', 'string', ({ thresholds }) =>
      healthExpression(thresholds),
    ),
    choices: HEALTH_TEXTS,
  });

  // Parties and references.
  col('booking_number', 'references', 'Booking', 'Booking', 'string');
  col('bl_number', 'references', 'B/L', 'B/L', 'string');
  col('client_code', 'references', 'Client code', 'Código de cliente', 'string');
  out.push(
    field('carrier', 'references', 'Carrier', 'Naviera', 'string', raw('x_carrier.short_name'), ['carrier']),
    field(
      'carrier_official_name',
      'references',
      'Carrier (official name)',
      'Naviera (nombre oficial)',
      'string',
      raw('x_carrier.official_name'),
      ['carrier'],
    ),
    field('carrier_scac', 'references', 'SCAC', 'SCAC', 'string', raw('x_carrier.scac'), ['carrier']),
    field('project', 'references', 'Project', 'Proyecto', 'string', raw('x_project.name'), ['project']),
    field(
      'tracking_request_id',
      'references',
      'Tracking request id',
      'Id de la solicitud de seguimiento',
      'integer',
      raw('shipments.tracking_request_id'),
    ),
    field(
      'tracking_request_status',
      'references',
      'Tracking request status',
      'Estado de la solicitud',
      'string',
      raw('x_request.status'),
      ['request'],
    ),
    field('code_type', 'references', 'Tracked by', 'Seguido por', 'string', raw('x_request.code_type'), [
      'request',
    ]),
    field(
      'code_value',
      'references',
      'Tracked reference',
      'Referencia seguida',
      'string',
      raw('x_request.code_value'),
      ['request'],
    ),
    field(
      'contractual_eta_pod',
      'references',
      'Contractual ETA at POD',
      'ETA contractual en POD',
      'date',
      raw('x_request.contractual_eta_pod'),
      ['request'],
    ),
    field(
      'contractual_eta_dlv',
      'references',
      'Contractual ETA at delivery',
      'ETA contractual en entrega',
      'date',
      raw('x_request.contractual_eta_dlv'),
      ['request'],
    ),
  );

  // Locations: name, UN/LOCODE, country.
  for (const [loc, en, es] of LOCATIONS) {
    const j = `loc_${loc}`;
    out.push(
      field(`${loc}_name`, 'locations', en, es, 'string', raw(`x_${j}.name`), [j]),
      field(
        `${loc}_locode`,
        'locations',
        `${en} (UN/LOCODE)`,
        `${es} (UN/LOCODE)`,
        'string',
        raw(`x_${j}.locode`),
        [j],
      ),
      field(
        `${loc}_country`,
        'locations',
        `${en} (country)`,
        `${es} (país)`,
        'string',
        raw(`x_${j}.country_iso2`),
        [j],
      ),
    );
  }

  // Milestones: five readings each.
  for (const [m, section, en, es] of MILESTONES) {
    for (const [r, ren, res] of READINGS) {
      out.push(
        field(`${m}_${r}`, section, `${en}: ${ren}`, `${es}: ${res}`, 'datetime', raw(`shipments.${m}_${r}`)),
      );
    }
  }

  // The summary dates and days to go.
  col('etd', 'summary_dates', 'ETD', 'ETD', 'datetime');
  col('atd', 'summary_dates', 'ATD', 'ATD', 'datetime');
  col('eta', 'summary_dates', 'ETA', 'ETA', 'datetime');
  col('ata', 'summary_dates', 'ATA', 'ATA', 'datetime');
  out.push(
    field(
      'days_to_departure',
      'summary_dates',
      'Days to departure',
      'Días para la salida',
      'number',
      raw('round((extract(epoch FROM shipments.dtd - now()) / 86400)::numeric, 2)'),
    ),
    field(
      'days_to_arrival',
      'summary_dates',
      'Days to arrival',
      'Días para la llegada',
      'number',
      raw('round((extract(epoch FROM shipments.dta - now()) / 86400)::numeric, 2)'),
    ),
    field(
      'eta_delta_days',
      'summary_dates',
      'ETA vs initial plan (days)',
      'ETA frente al plan inicial (días)',
      'number',
      raw('round(shipments.eta_delta_days, 2)'),
    ),
  );

  // Legs and vessels.
  for (let leg = 1; leg <= 5; leg++) {
    out.push(
      field(
        `leg${leg}_vessel`,
        'legs',
        `Leg ${leg}: vessel`,
        `Tramo ${leg}: buque`,
        'string',
        raw(`x_leg${leg}.name`),
        [`leg${leg}`],
      ),
      field(
        `leg${leg}_vessel_imo`,
        'legs',
        `Leg ${leg}: vessel IMO`,
        `Tramo ${leg}: IMO del buque`,
        'string',
        raw(`x_leg${leg}.imo`),
        [`leg${leg}`],
      ),
      field(
        `leg${leg}_voyage`,
        'legs',
        `Leg ${leg}: voyage`,
        `Tramo ${leg}: viaje`,
        'string',
        raw(`shipments.leg${leg}_voyage`),
      ),
    );
  }

  // Durations and storage.
  const places: [string, string, string][] = [
    ['tsp', 'all transshipment ports', 'todos los puertos de transbordo'],
    ['tsp1', 'TSP 1', 'TSP 1'],
    ['tsp2', 'TSP 2', 'TSP 2'],
    ['tsp3', 'TSP 3', 'TSP 3'],
    ['tsp4', 'TSP 4', 'TSP 4'],
    ['pol', 'POL', 'POL'],
    ['pod', 'POD', 'POD'],
  ];
  for (const [p, en, es] of places) {
    col(`days_in_${p}`, 'durations', `Days in ${en}`, `Días en ${es}`, 'number');
    col(
      `days_in_${p}_planned_initial`,
      'durations',
      `Days in ${en}: planned (initial)`,
      `Días en ${es}: planificados (inicial)`,
      'number',
    );
    col(
      `days_in_${p}_planned_last`,
      'durations',
      `Days in ${en}: planned (latest)`,
      `Días en ${es}: planificados (última)`,
      'number',
    );
  }
  col('storage_days_at_pol', 'durations', 'Storage days at POL', 'Días de almacenaje en el POL', 'number');
  col('storage_days_at_pod', 'durations', 'Storage days at POD', 'Días de almacenaje en el POD', 'number');

  // Transit times.
  col('transit_time', 'transit', 'Transit time (days)', 'Tiempo de tránsito (días)', 'number');
  col(
    'transit_time_planned',
    'transit',
    'Planned transit time (days)',
    'Tiempo de tránsito planificado (días)',
    'number',
  );
  out.push(
    field(
      'transit_time_deviation',
      'transit',
      'Transit time vs plan (days)',
      'Tránsito frente al plan (días)',
      'number',
      raw('(shipments.transit_time - shipments.transit_time_planned)'),
    ),
  );

  // Discrepancies.
  col(
    'discrepancy_eta_at_pod',
    'discrepancies',
    'ETA at POD vs contractual (days)',
    'ETA en POD frente a la contractual (días)',
    'number',
  );
  col(
    'discrepancy_eta_at_dlv',
    'discrepancies',
    'ETA at delivery vs contractual (days)',
    'ETA en entrega frente a la contractual (días)',
    'number',
  );

  // Availability and release.
  col('availability_date', 'release', 'Availability date', 'Fecha de disponibilidad', 'datetime');
  col(
    'carrier_release_date',
    'release',
    'Carrier release date',
    'Fecha de despacho de la naviera',
    'datetime',
  );
  col(
    'carrier_release_state',
    'release',
    'Carrier release state',
    'Estado del despacho de la naviera',
    'string',
  );
  col('customs_release_date', 'release', 'Customs release date', 'Fecha de despacho de aduanas', 'datetime');
  col(
    'customs_release_state',
    'release',
    'Customs release state',
    'Estado del despacho de aduanas',
    'string',
  );

  // Predictions and the POD time-of-arrival warning.
  const jsonTime = (path: string) =>
    raw(`(CASE WHEN (${path}) ~ '^\\d{4}-\\d{2}-\\d{2}T' THEN (${path})::timestamptz END)`);
  out.push(
    field(
      'pod_arrival_predicted',
      'predictions',
      'POD arrival: predicted',
      'Llegada al POD: prevista',
      'datetime',
      jsonTime("shipments.pod_vslarrival_prediction->>'predicted'"),
    ),
    field(
      'pod_arrival_predicted_lower',
      'predictions',
      'POD arrival: earliest',
      'Llegada al POD: lo antes',
      'datetime',
      jsonTime("shipments.pod_vslarrival_prediction->>'lower'"),
    ),
    field(
      'pod_arrival_predicted_upper',
      'predictions',
      'POD arrival: latest',
      'Llegada al POD: lo más tarde',
      'datetime',
      jsonTime("shipments.pod_vslarrival_prediction->>'upper'"),
    ),
    field(
      'pod_arrival_prediction_created',
      'predictions',
      'POD arrival prediction made at',
      'Predicción de llegada al POD hecha el',
      'datetime',
      jsonTime("shipments.pod_vslarrival_prediction->>'created'"),
    ),
    field(
      'pod_toa_warning_risk',
      'predictions',
      'POD time-of-arrival warning: risk',
      'Aviso de llegada al POD: riesgo',
      'integer',
      raw(
        "(CASE WHEN (shipments.pod_timeofarrival_warning->>'risk') ~ '^-?\\d{1,4}$' THEN (shipments.pod_timeofarrival_warning->>'risk')::integer END)",
      ),
    ),
    field(
      'pod_toa_warning_description',
      'predictions',
      'POD time-of-arrival warning',
      'Aviso de llegada al POD',
      'string',
      raw("shipments.pod_timeofarrival_warning->>'risk_description'"),
    ),
    field(
      'pod_toa_warning_conclusion',
      'predictions',
      'POD time-of-arrival warning: conclusion',
      'Aviso de llegada al POD: conclusión',
      'string',
      raw("shipments.pod_timeofarrival_warning->>'conclusion'"),
    ),
  );

  // Alerts.
  col('is_alerted', 'alerts', 'Alerted', 'Con alerta', 'boolean');
  col('is_delayed', 'alerts', 'Delayed', 'Retrasado', 'boolean');
  col('last_alert_code', 'alerts', 'Last alert code', 'Código de la última alerta', 'integer');
  col('last_alert_message', 'alerts', 'Last alert', 'Última alerta', 'string');
  out.push(
    field(
      'last_alert_description',
      'alerts',
      'Last alert: description',
      'Última alerta: descripción',
      'string',
      raw('x_last_alert.description'),
      ['last_alert'],
    ),
    field(
      'alert_codes',
      'alerts',
      'Alert codes',
      'Códigos de alerta',
      'string',
      raw("array_to_string(shipments.alert_codes, ', ')"),
    ),
    field(
      'alerts_count',
      'alerts',
      'Alerts',
      'Alertas',
      'integer',
      raw('cardinality(shipments.alert_codes)'),
    ),
  );

  // Position.
  out.push(
    field(
      'current_vessel',
      'position',
      'Current vessel',
      'Buque actual',
      'string',
      raw('x_current_vessel.name'),
      ['current_vessel'],
    ),
    field(
      'current_vessel_imo',
      'position',
      'Current vessel IMO',
      'IMO del buque actual',
      'string',
      raw('x_current_vessel.imo'),
      ['current_vessel'],
    ),
    field('next_port', 'position', 'Next port', 'Próximo puerto', 'string', raw('x_next_port.name'), [
      'next_port',
    ]),
    field(
      'next_port_locode',
      'position',
      'Next port (UN/LOCODE)',
      'Próximo puerto (UN/LOCODE)',
      'string',
      raw('x_next_port.locode'),
      ['next_port'],
    ),
    field(
      'last_latitude',
      'position',
      'Last latitude',
      'Última latitud',
      'number',
      raw(
        "(CASE WHEN jsonb_typeof(shipments.last_coordinates->'lat') = 'number' THEN (shipments.last_coordinates->>'lat')::double precision END)",
      ),
    ),
    field(
      'last_longitude',
      'position',
      'Last longitude',
      'Última longitud',
      'number',
      raw(
        "(CASE WHEN jsonb_typeof(shipments.last_coordinates->'lng') = 'number' THEN (shipments.last_coordinates->>'lng')::double precision END)",
      ),
    ),
  );

  out.push(...freeTimeExportFields());

  // Record.
  col('last_update', 'timestamps', 'Last update', 'Última actualización', 'datetime');
  col('created_at', 'timestamps', 'Created', 'Creado', 'datetime');
  col('modified_at', 'timestamps', 'Modified', 'Modificado', 'datetime');
  return out;
}

export const STATIC_FIELDS: readonly ExportField[] = buildStaticFields();
const STATIC_BY_KEY = new Map(STATIC_FIELDS.map((f) => [f.key, f]));

/** Prefix of the custom-form fields' keys (`sf.<property>`). */
const CUSTOM_FORM_PREFIX = 'sf.';
const MAX_CUSTOM_FIELDS = 100;

/** The custom-form fields of a company's form schema (a JSON-Schema object with `properties`). */
export function customFormFields(schema: unknown): ExportField[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  const out: ExportField[] = [];
  for (const [name, spec] of Object.entries(properties as Record<string, unknown>).slice(
    0,
    MAX_CUSTOM_FIELDS,
  )) {
    if (name.length === 0 || name.length > 100) continue;
    const p = typeof spec === 'object' && spec !== null ? (spec as Record<string, unknown>) : {};
    const title = typeof p.title === 'string' && p.title.trim() ? p.title.trim().slice(0, 100) : name;
    const type: ExportFieldType =
      p.type === 'number' || p.type === 'integer' ? 'number' : p.type === 'boolean' ? 'boolean' : 'string';
    out.push(
      field(
        `${CUSTOM_FORM_PREFIX}${name}`,
        'custom_form',
        title,
        title,
        type,
        () => sql`shipments.sf_data ->> ${name}`,
      ),
    );
  }
  return out;
}

/** Every field a company can export: the static ones and its custom form's. */
export function exportFields(customFormSchema: unknown): ExportField[] {
  return [...STATIC_FIELDS, ...customFormFields(customFormSchema)];
}

/** Looks a key up among the static fields and the given custom ones. */
export function findField(key: string, custom: readonly ExportField[]): ExportField | undefined {
  return STATIC_BY_KEY.get(key) ?? custom.find((f) => f.key === key);
}

/** The field schema grouped by section, labels in both languages (GET shipments/export_fields). */
export function fieldSchema(fields: readonly ExportField[]) {
  return SECTIONS.map((s) => ({
    key: s.key,
    label: s.label,
    fields: fields
      .filter((f) => f.section === s.key)
      .map((f) => ({ key: f.key, label: f.label, type: f.type })),
  })).filter((s) => s.fields.length > 0);
}
