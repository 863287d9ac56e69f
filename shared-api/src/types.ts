// TypeScript types for every entity of the product spec, section 3. Dates travel as ISO strings. Where an entity
// is an answer of the API, its type is read from the generated contract (contract.ts, made from the API's
// OpenAPI document), so the two cannot drift; the others are still written here.
import type { ApiAnswer, ApiListRow } from './contract';

export type Id = number;
export type IsoDate = string; // yyyy-MM-dd or a full ISO timestamp

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface Company {
  id: Id;
  name: string;
  max_tracking_requests: number;
  actual_tracking_requests: number;
  attachment_schema_form: Record<string, unknown> | null;
}

export type RoleId = 1 | 2;

/** Languages the report e-mails are written in. */
export const EMAIL_LANGUAGES = ['es', 'en'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];

export type UserProfile = ApiAnswer<'/api/user-profiles/{id}/'>;

export interface User {
  id: Id;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_superuser: boolean;
  userprofile: UserProfile | null;
}

/** The user summary used in teams and projects. */
export type UserSummary = Team['members'][number];

export type Carrier = ApiAnswer<'/api/carriers/{id}/'>;

export type CodeTypeKey = 'c_id' | 'b_id' | 'm_bl';
export interface CodeType {
  key: CodeTypeKey;
  label: string;
}
export const CODE_TYPES: readonly CodeType[] = [
  { key: 'c_id', label: 'Container number' },
  { key: 'b_id', label: 'Booking number' },
  { key: 'm_bl', label: 'B/L number' },
];

export type EventCode = ApiListRow<'/api/event-codes/'>;

export interface AlertEvent {
  id: Id;
  code: number;
  code_description: string;
  walltime: IsoDate;
  details: { message: string; [key: string]: unknown };
  hidden: boolean;
}
export type ShipmentEvent = AlertEvent;

export interface Port {
  id?: Id;
  name: string;
  locode: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  country_iso2: string | null;
  display: string;
}

export interface Vessel {
  id: Id;
  name: string;
  imo: string | null;
}

/** 0 good, -1 unknown, 1 low risk warning, 2 high risk warning. */
export type PodRisk = -1 | 0 | 1 | 2;
export type PodRiskOption = 1 | 2;
export const POD_RISK_OPTIONS: readonly { value: PodRiskOption; label: string }[] = [
  { value: 1, label: 'Low' },
  { value: 2, label: 'High' },
];

export interface PodTimeOfArrivalWarning {
  conclusion: string;
  created: IsoDate;
  modified: IsoDate;
  risk: PodRisk;
  risk_description: string;
  risk_verbose: string;
  predicted_time_of_arrival: IsoDate | null;
}

export type ShipmentHealth = 'ontrack' | 'delayed' | 'alerted';
export type LifecycleStatus = 'active' | 'expired' | 'completed';
export type TrackingRequestStatus =
  'invalid' | 'new' | 'ongoing' | 'pending_archiving' | 'archived' | 'pending_cancelling' | 'cancelled';
export const FILTERABLE_TRACKING_STATUSES: readonly TrackingRequestStatus[] = [
  'invalid',
  'new',
  'ongoing',
  'archived',
  'cancelled',
];

export interface Leg {
  voyage: string | null;
  vessel: Vessel | null;
}

export interface PortPrediction {
  predicted: IsoDate | null;
  predicted_upper: IsoDate | null;
  predicted_lower: IsoDate | null;
}

export interface PodVesselArrivalPrediction {
  created: IsoDate;
  predicted: IsoDate | null;
  lower: IsoDate | null;
  upper: IsoDate | null;
  [testField: string]: unknown;
}

/** The five readings kept for every milestone. */
export type MilestoneReading = 'planned_initial' | 'planned_last' | 'actual' | 'detected' | 'prediction';
export type Milestone =
  | 'origin_pickup'
  | 'empty_pickup'
  | 'pol_arrival'
  | 'pol_loaded'
  | 'pol_discharge'
  | 'pol_vessel_departure'
  | `tsp${1 | 2 | 3 | 4}_${'vessel_arrival' | 'discharge' | 'loaded' | 'vessel_departure'}`
  | 'pod_vessel_arrival'
  | 'pod_discharge'
  | 'pod_departure'
  | 'delivery'
  | 'empty_return'
  | 'lif_arrival'
  | 'lif_departure';
export type MilestoneDates = Partial<Record<`${Milestone}_${MilestoneReading}`, IsoDate | null>>;

export type LocationKey =
  | 'origin_loc'
  | 'empty_pickup_loc'
  | 'pol_loc'
  | 'tsp1_loc'
  | 'tsp2_loc'
  | 'tsp3_loc'
  | 'tsp4_loc'
  | 'pod_loc'
  | 'dlv_loc'
  | 'empty_return_loc'
  | 'lif_loc'
  | 'availability_loc';

export interface Shipment extends MilestoneDates, Partial<Record<LocationKey, Port | null>> {
  id: Id;
  status: number;
  status_verbose: string;
  lifecycle_status: LifecycleStatus;
  lifecycle_status_verbose: string;
  health: ShipmentHealth;
  weight: number | null;
  container_number: string | null;
  container_type_str: string | null;
  container_type_iso: string | null;
  bl_number: string | null;
  booking_number: string | null;
  bl_or_booking_number: string | null;
  client_code: string | null;
  carrier_name: string;
  carrier_scac: string;
  project: Project | Id | null;
  tracking_request: Id;
  hide: boolean;
  positions: [number, number][];
  /** Detail only: the planned route along the sea, POL → transshipments → POD, [lng, lat] pairs. */
  planned_positions?: [number, number][];
  last_coordinates: { lng: number; lat: number; warnings?: string[] } | null;
  current_vessel: Vessel | null;
  current_vessel_position: { lng: number; lat: number } | null;
  current_vessel_nextport: Port | null;
  leg1?: Leg;
  leg2?: Leg;
  leg3?: Leg;
  leg4?: Leg;
  leg5?: Leg;
  eta: IsoDate | null;
  ata: IsoDate | null;
  etd: IsoDate | null;
  atd: IsoDate | null;
  dtd: number | null;
  dta: number | null;
  discrepancy_eta_at_pod: number | null;
  discrepancy_eta_at_dlv: number | null;
  days_in_tsp: number | null;
  days_in_pol: number | null;
  days_in_pod: number | null;
  storage_days_at_pol: number | null;
  storage_days_at_pod: number | null;
  transit_time: number | null;
  transit_time_planned: number | null;
  availability_date: IsoDate | null;
  carrier_release_date: IsoDate | null;
  carrier_release_state: string | null;
  customs_release_date: IsoDate | null;
  customs_release_state: string | null;
  pod_vslarrival_prediction: PodVesselArrivalPrediction | null;
  pod_timeofarrival_warning: PodTimeOfArrivalWarning | null;
  alerts: AlertEvent[];
  last_alert_message: string | null;
  last_alert_code: number | null;
  is_alerted: boolean;
  is_delayed: boolean;
  events?: ShipmentEvent[];
  schema_form: Record<string, unknown> | null;
  sf_data: Record<string, unknown> | null;
  last_update: IsoDate | null;
  created_at: IsoDate;
  modified_at: IsoDate;
  [extra: string]: unknown;
}

export type TrackingRequest = ApiAnswer<'/api/tracking-requests/{id}/'>;

export type Project = ApiAnswer<'/api/projects/{id}/'>;

export type Team = ApiAnswer<'/api/teams/{id}/'>;

export type ReportSchedule = 'daily' | 'weekly' | 'monthly' | '';

export interface ExportTemplate {
  id?: Id;
  name: string;
  description: string;
  send_email: ReportSchedule;
  user?: Id;
  columns: string[];
  filters: Record<string, unknown>;
}

export type DashboardStats = ApiAnswer<'/api/shipments/stats/'>;

export interface BiMetricDefinition {
  category: string;
  metric: string;
  numericFilters?: string[];
  specialFormat?: boolean;
  specialType?: 'table';
  hideTotal?: boolean;
  isNotStacked?: boolean;
  entity?: string;
  url: string;
  schema?: Record<string, unknown>;
  columns?: string[];
}

export interface ContactRequest {
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  product: string;
  language: 'en' | 'es';
}
