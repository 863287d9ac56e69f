// The columns and lookups a shipment list needs for the properties its `fields` asks for: a list showing a few
// columns reads, sends and parses only those (see selectShipments and lookupsColumn in ./serializer).
import { LEG_NUMBERS, LOCATION_KEYS, MILESTONE_DATE_COLUMNS } from '@portal/shared-api/domain';
import { FREE_TIME_KEYS } from './free-time-fields';
import { DATE_COLUMNS, NUMBER_COLUMNS } from './serializer';

/** What the rows of a list must carry for its `fields`: columns of `shipments` and the lookups (lookupsColumn). */
export interface RowNeeds {
  columns: string[];
  /** Id columns whose locations / vessels are looked up. */
  locations: string[];
  vessels: string[];
  carriers: boolean;
  projects: boolean;
  form: boolean;
}

type Need = Partial<RowNeeds>;

/** Shipment properties that are the column of the same name. */
const SAME_NAME_COLUMNS: ReadonlySet<string> = new Set<string>([
  'status',
  'request_status',
  'lifecycle_status',
  'container_number',
  'container_type_str',
  'container_type_iso',
  'bl_number',
  'booking_number',
  'client_code',
  'hidden',
  'positions',
  'last_coordinates',
  'current_vessel_position',
  'dtd',
  'dta',
  'carrier_release_state',
  'customs_release_state',
  'pod_vslarrival_prediction',
  'predictions',
  'pod_timeofarrival_warning',
  'alert_codes',
  'last_alert_message',
  'last_alert_code',
  'sf_data',
  ...MILESTONE_DATE_COLUMNS,
  ...DATE_COLUMNS,
  ...NUMBER_COLUMNS,
]);

/** What serializeShipments reads to write each other property (keep in step with it). */
const PROPERTY_NEEDS: Readonly<Record<string, Need>> = {
  id: { columns: ['id'] },
  tracking_request: { columns: ['tracking_request_id'] },
  status_verbose: { columns: ['status_text'] },
  status_text: { columns: ['status_text'] },
  lifecycle_status_verbose: { columns: ['lifecycle_status'] },
  // health comes with every row (selectShipments)
  health: {},
  health_verbose: {},
  is_alerted: {},
  is_delayed: {},
  bl_or_booking_number: { columns: ['bl_number', 'booking_number'] },
  carrier: { columns: ['carrier_id'] },
  carrier_name: { columns: ['carrier_id'], carriers: true },
  carrier_official_name: { columns: ['carrier_id'], carriers: true },
  carrier_scac: { columns: ['carrier_id'], carriers: true },
  project: { columns: ['project_id'] },
  project_name: { columns: ['project_id'], projects: true },
  hide: { columns: ['hidden'] },
  current_vessel: { columns: ['current_vessel_id'], vessels: ['current_vessel_id'] },
  current_vessel_nextport: {
    columns: ['current_vessel_nextport_id'],
    locations: ['current_vessel_nextport_id'],
  },
  dtd_date: { columns: ['dtd'] },
  dta_date: { columns: ['dta'] },
  schema_form: { columns: ['schema_form'], form: true },
  schema_form_source: { columns: ['schema_form'], form: true },
  // the free-time properties: shipment_free_time of the row's id and company, and free_time_lfd
  ...Object.fromEntries(FREE_TIME_KEYS.map((k) => [k, { columns: ['free_time_lfd'] }])),
  ...Object.fromEntries(
    LEG_NUMBERS.map((i) => [
      `leg${i}`,
      { columns: [`leg${i}_voyage`, `leg${i}_vessel_id`], vessels: [`leg${i}_vessel_id`] },
    ]),
  ),
  ...Object.fromEntries(LOCATION_KEYS.map((k) => [k, { columns: [`${k}_id`], locations: [`${k}_id`] }])),
};

/**
 * The columns and lookups the rows need for `fields`; null (every column and lookup) without fields or when one
 * of them is not known here.
 */
export function rowNeeds(fields: readonly string[] | null): RowNeeds | null {
  if (!fields) return null;
  const columns = new Set<string>(['id', 'company_id', 'carrier_id']);
  const locations = new Set<string>();
  const vessels = new Set<string>();
  let carriers = false;
  let projects = false;
  let form = false;
  for (const field of fields) {
    const need: Need | undefined = SAME_NAME_COLUMNS.has(field)
      ? { columns: [field] }
      : Object.hasOwn(PROPERTY_NEEDS, field)
        ? PROPERTY_NEEDS[field]
        : undefined;
    if (!need) return null;
    for (const c of need.columns ?? []) columns.add(c);
    for (const c of need.locations ?? []) locations.add(c);
    for (const c of need.vessels ?? []) vessels.add(c);
    carriers ||= need.carriers ?? false;
    projects ||= need.projects ?? false;
    form ||= need.form ?? false;
  }
  return {
    columns: [...columns],
    locations: [...locations],
    vessels: [...vessels],
    carriers,
    projects,
    form,
  };
}
