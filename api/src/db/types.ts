// Table types for Kysely, written by hand next to the SQL files in api/migrations. A test checks them against
// a migrated database (api/test/db/types-match-database.test.ts): every table and column, nullability, the
// type the driver returns (int8 and numeric as strings), and Generated only where the database has a default.
import type {
  CodeTypeId,
  LEG_NUMBERS,
  LifecycleStatus,
  LocationKey,
  MilestoneDateColumn,
  RejectedEventKind,
  ROLE_IDS,
  TrackingRequestStatus,
} from '@portal/shared-api/domain';
import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

interface CompaniesTable {
  id: Generated<number>;
  name: string;
  max_tracking_requests: Generated<number>;
  actual_tracking_requests: Generated<number>;
  attachment_schema_form: Json<unknown> | null;
  created_at: Generated<Date>;
}

interface RolesTable {
  id: number;
  name: string;
}

interface UsersTable {
  id: Generated<number>;
  username: string;
  email: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password: string;
  is_superuser: Generated<boolean>;
  is_active: Generated<boolean>;
  date_joined: Generated<Date>;
  last_login: Timestamp | null;
}

type IntDefault = Generated<number>;
type NullableInt = number | null;

interface UserProfilesTable {
  id: number;
  company_id: number;
  role_id: Generated<(typeof ROLE_IDS)[number] | null>;
  is_manager: Generated<boolean>;
  report_emails: Json<string[]>;
  days_of_delay: IntDefault;
  days_in_advance: IntDefault;
  attention_required_event_codes: Json<number[]>;
  pod_timeofarrival_warning_risk: NullableInt;
  max_days_in_tsp: NullableInt;
  max_days_in_tsp_planned_initial: NullableInt;
  max_days_in_tsp_planned_last: NullableInt;
  max_days_in_pol_planned_initial: NullableInt;
  max_days_in_pol_planned_last: NullableInt;
  max_days_in_pod_planned_initial: NullableInt;
  max_days_in_pod_planned_last: NullableInt;
  max_days_eta_pod_discrepancy: NullableInt;
  max_days_eta_dlv_discrepancy: NullableInt;
  email_report_days_of_delay: IntDefault;
  email_report_days_in_advance: IntDefault;
  email_report_attention_required_event_codes: Json<number[]>;
  email_pod_timeofarrival_warning_risk: NullableInt;
  email_report_max_days_in_tsp: NullableInt;
  email_report_max_days_in_tsp_planned_initial: NullableInt;
  email_report_max_days_in_tsp_planned_last: NullableInt;
  email_report_max_days_in_pol_planned_initial: NullableInt;
  email_report_max_days_in_pol_planned_last: NullableInt;
  email_report_max_days_in_pod_planned_initial: NullableInt;
  email_report_max_days_in_pod_planned_last: NullableInt;
  email_report_max_days_eta_pod_discrepancy: NullableInt;
  email_report_max_days_eta_dlv_discrepancy: NullableInt;
  trackings_fields: Json<string[]>;
  shipments_fields: Json<string[]>;
  /** migrations/0030: e-mail when an arrival moves by more than this many hours (null: off). */
  eta_change_alert_hours: Generated<number | null>;
  /** migrations/0033: warn this many days before a last free day. */
  free_time_warning_days: Generated<number>;
}

interface AuthTokensTable {
  key_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  /** NOT NULL DEFAULT now() since migrations/0007 (the idle expiry counts from it). */
  last_used_at: Generated<Date>;
}

interface LoginFailuresTable {
  id: Generated<string>;
  username: string;
  address: string;
  created_at: Generated<Date>;
}

// ---- Tracking engine (migrations/0002_tracking.sql) ----

/**
 * int8 columns come back from pg as strings. Optional on insert already, so ids use it bare: Generated<BigId>
 * would nest one ColumnType in another and read as the ColumnType object rather than a string.
 */
type BigId = ColumnType<string, string | number | undefined, string | number>;
type NullableTs = Timestamp | null;
type Num = ColumnType<string, number | string, number | string>;
type NullableNum = Num | null;

interface CarriersTable {
  id: Generated<number>;
  official_name: string;
  short_name: string;
  scac: string;
  oicode: string | null;
  supports_b_id: Generated<boolean>;
  supports_c_id: Generated<boolean>;
  supports_m_bl: Generated<boolean>;
  ctt_quality_note: Generated<string>;
  ctt_quality_rank: number | null;
  dcsa_base_url: string | null;
  dcsa_api_version: Generated<string>;
  dcsa_credentials: Json<DcsaCredentials> | null;
  dcsa_unknown_reference: Generated<'empty' | '404'>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export type DcsaCredentials =
  | { type: 'bearer'; token: string }
  | { type: 'basic'; username: string; password: string }
  | { type: 'header'; name: string; value: string };

export interface EventCodesTable {
  code: number;
  code_name: string;
  description: string;
  description_es: string;
  only_daily: Generated<boolean>;
  category: 'equipment' | 'transport' | 'shipment' | 'alert';
  dcsa_event_type: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT' | null;
  dcsa_type_code: string | null;
}

interface LocationsTable {
  id: Generated<number>;
  name: string;
  locode: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  country_iso2: string | null;
  display: string;
  kind: Generated<'port' | 'inland' | 'depot' | 'terminal'>;
  source: Generated<string>;
}

interface VesselsTable {
  id: Generated<number>;
  name: string;
  imo: string | null;
}

export interface TrackingWarning {
  code: string;
  message: string;
  created: string;
}

interface TrackingRequestsTable {
  id: Generated<number>;
  company_id: number;
  carrier_id: number;
  project_id: number | null;
  created_by: number | null;
  code_type: CodeTypeId;
  code_value: string;
  client_code: Generated<string>;
  contractual_eta_pod: ColumnType<Date, Date | string | null, Date | string | null> | null;
  contractual_eta_dlv: ColumnType<Date, Date | string | null, Date | string | null> | null;
  status: Generated<TrackingRequestStatus>;
  booking_bl_required_container: Generated<boolean>;
  container_filter: Generated<string[]>;
  warnings: Json<TrackingWarning[]>;
  last_update: NullableTs;
  last_polled_at: NullableTs;
  next_poll_at: NullableTs;
  poll_failures: Generated<number>;
  /** The poll cursor (the carrier's clock); migrations/0022 keeps push progress apart. */
  last_event_created_at: NullableTs;
  last_pushed_event_at: NullableTs;
  dcsa_subscription_id: string | null;
  /** migrations/0003_engine.sql */
  not_found_polls: Generated<number>;
  last_poll_error: string | null;
  computed_at: NullableTs;
  created_at: Generated<Date>;
  modified_at: Generated<Date>;
}

/** The five dates of every milestone (the domain's MILESTONE_DATE_COLUMNS). */
type MilestoneColumns = { [K in MilestoneDateColumn]: NullableTs };

type LegNumber = (typeof LEG_NUMBERS)[number];
type LegColumns = { [K in `leg${LegNumber}_voyage`]: string | null } & {
  [K in `leg${LegNumber}_vessel_id`]: number | null;
};
/** The id column behind each place of the API's answers (`pol_loc` → pol_loc_id). */
type LocationColumns = { [K in `${LocationKey}_id`]: number | null };
type DurationColumns = {
  [
    K in `days_in_${'tsp' | 'tsp1' | 'tsp2' | 'tsp3' | 'tsp4' | 'pol' | 'pod'}${'' | '_planned_initial' | '_planned_last'}`
  ]: NullableNum;
};

/** Columns added by migrations/0005_shipments_api.sql: kept by triggers or generated (never written directly). */
type ShipmentApiColumns = {
  /** Codes of the visible alert events (trigger on alert_events). */
  alert_codes: ColumnType<number[], never, never>;
  /** The tracking request's status (triggers). */
  request_status: ColumnType<TrackingRequestStatus | null, never, never>;
  /** Days between the ETA (or actual arrival) at POD and the initial plan (generated). */
  eta_delta_days: ColumnType<string | null, never, never>;
  search_text: ColumnType<string, never, never>;
  vessel_ids: ColumnType<Array<number | null>, never, never>;
  pol_departure: ColumnType<Date | null, never, never>;
  pod_arrival: ColumnType<Date | null, never, never>;
};

export type ShipmentsTable = MilestoneColumns &
  LegColumns &
  LocationColumns &
  DurationColumns &
  ShipmentApiColumns & {
    id: BigId;
    company_id: number;
    tracking_request_id: number;
    carrier_id: number;
    project_id: number | null;
    status: Generated<number>;
    status_text: Generated<string>;
    lifecycle_status: Generated<LifecycleStatus>;
    weight: NullableNum;
    container_number: string;
    container_type_str: string | null;
    container_type_iso: string | null;
    bl_number: string | null;
    booking_number: string | null;
    client_code: Generated<string>;
    hidden: Generated<boolean>;
    positions: Json<Array<[number, number]>>;
    last_coordinates: Json<{ lng: number; lat: number; warnings?: string[] }> | null;
    current_vessel_id: number | null;
    current_vessel_position: Json<{ lng: number; lat: number }> | null;
    current_vessel_nextport_id: number | null;
    eta: NullableTs;
    ata: NullableTs;
    etd: NullableTs;
    atd: NullableTs;
    dtd: NullableTs;
    dta: NullableTs;
    discrepancy_eta_at_pod: NullableNum;
    discrepancy_eta_at_dlv: NullableNum;
    storage_days_at_pol: NullableNum;
    storage_days_at_pod: NullableNum;
    transit_time: NullableNum;
    transit_time_planned: NullableNum;
    availability_date: NullableTs;
    carrier_release_date: NullableTs;
    carrier_release_state: string | null;
    customs_release_date: NullableTs;
    customs_release_state: string | null;
    pod_vslarrival_prediction: Json<Record<string, unknown>> | null;
    predictions: Json<Record<string, unknown>>;
    pod_timeofarrival_warning: Json<Record<string, unknown>> | null;
    last_alert_message: string | null;
    last_alert_code: number | null;
    is_alerted: Generated<boolean>;
    is_delayed: Generated<boolean>;
    schema_form: Json<unknown> | null;
    sf_data: Json<unknown> | null;
    last_update: NullableTs;
    created_at: Generated<Date>;
    modified_at: Generated<Date>;
  };

interface CarrierEventsTable {
  id: BigId;
  carrier_id: number;
  event_id: string;
  event_type: 'SHIPMENT' | 'TRANSPORT' | 'EQUIPMENT';
  event_classifier: 'PLN' | 'EST' | 'ACT';
  type_code: string;
  event_datetime: Timestamp;
  event_created_at: Timestamp;
  equipment_reference: string | null;
  un_location_code: string | null;
  raw: Json<Record<string, unknown>>;
  source: 'poll' | 'push';
  received_at: Generated<Date>;
}

interface TrackingRequestEventsTable {
  tracking_request_id: number;
  carrier_event_id: BigId;
}

interface ShipmentEventsTable {
  shipment_id: BigId;
  carrier_event_id: BigId;
  hidden: Generated<boolean>;
}

interface RejectedEventsTable {
  id: BigId;
  carrier_id: number | null;
  tracking_request_id: number | null;
  raw: Json<unknown> | null;
  raw_text: string | null;
  reasons: Json<string[]>;
  fingerprint: string;
  source: 'poll' | 'push';
  received_at: Generated<Date>;
}

interface DcsaSubscriptionsTable {
  id: string;
  carrier_id: number;
  tracking_request_id: number | null;
  carrier_subscription_id: string | null;
  secret: string;
  callback_url: string;
  created_at: Generated<Date>;
}

interface AlertEventsTable {
  id: BigId;
  company_id: number;
  shipment_id: BigId;
  code: number;
  cause_key: Generated<string>;
  details: Json<{ message: string } & Record<string, unknown>>;
  walltime: Generated<Date>;
  hidden: Generated<boolean>;
}

interface MilestoneDateChangesTable {
  id: BigId;
  shipment_id: BigId;
  field: string;
  old_value: NullableTs;
  new_value: NullableTs;
  changed_at: Generated<Date>;
  carrier_event_id: BigId | null;
}

// ---- Projects and teams (migrations/0004_projects_teams.sql) ----

interface ProjectsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: Generated<Date>;
  modified_at: Generated<Date>;
}

interface ProjectSubscribersTable {
  project_id: number;
  user_id: number;
}

interface TeamsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: Generated<Date>;
  modified_at: Generated<Date>;
}

/** team_coordinators and team_members. */
interface TeamUsersTable {
  team_id: number;
  user_id: number;
}

/** migrations/0003_engine.sql: engine settings that survive restarts. */
interface EngineSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Generated<Date>;
}

/** Health inputs counted per company (migration 0005; kept by triggers on shipments, never written by code). */
/** Visible shipments per company and UTC day: 'c' of creation, 'f' of the running clock's last free day (0041). */
interface ShipmentDayCountsTable {
  company_id: number;
  kind: 'c' | 'f';
  day: Date;
  n: string;
}

/** Migration 0043: a company's distinct health thresholds, whose counts health_profile_counts keeps. */
interface HealthProfilesTable {
  id: Generated<number>;
  company_id: number;
  key: string;
  days_of_delay: number;
  days_in_advance: number;
  codes: number[];
  max_days_in_tsp: number | null;
  max_days_in_tsp_planned_initial: number | null;
  max_days_in_tsp_planned_last: number | null;
  max_days_in_pol_planned_initial: number | null;
  max_days_in_pol_planned_last: number | null;
  max_days_in_pod_planned_initial: number | null;
  max_days_in_pod_planned_last: number | null;
  max_days_eta_pod_discrepancy: number | null;
  max_days_eta_dlv_discrepancy: number | null;
  pod_warning_risk: number | null;
  ready: Generated<boolean>;
  build_token: string | null;
  build_started_at: Date | null;
  last_used_at: Generated<Date>;
}

interface HealthProfileCountsTable {
  profile_id: number;
  carrier_id: number;
  eta_week: Date;
  hidden: boolean;
  health: string;
  n: string;
}

/** Migration 0044: the shipments each transaction wrote, with their ETA before and after (list-cache.ts). */
interface ShipmentChangesTable {
  company_id: number;
  carrier_id: number | null;
  shipment_id: string;
  /** Whether the side before / after the write exists. */
  o: boolean;
  n: boolean;
  rest_same: boolean;
  o_eta: Date | null;
  n_eta: Date | null;
  o_eta_delta_days: string | null;
  n_eta_delta_days: string | null;
  o_alert_codes: number[] | null;
  n_alert_codes: number[] | null;
  o_days_in_tsp: string | null;
  n_days_in_tsp: string | null;
  o_days_in_tsp_planned_initial: string | null;
  n_days_in_tsp_planned_initial: string | null;
  o_days_in_tsp_planned_last: string | null;
  n_days_in_tsp_planned_last: string | null;
  o_days_in_pol_planned_initial: string | null;
  n_days_in_pol_planned_initial: string | null;
  o_days_in_pol_planned_last: string | null;
  n_days_in_pol_planned_last: string | null;
  o_days_in_pod_planned_initial: string | null;
  n_days_in_pod_planned_initial: string | null;
  o_days_in_pod_planned_last: string | null;
  n_days_in_pod_planned_last: string | null;
  o_discrepancy_eta_at_pod: string | null;
  n_discrepancy_eta_at_pod: string | null;
  o_discrepancy_eta_at_dlv: string | null;
  n_discrepancy_eta_at_dlv: string | null;
  o_pod_warning_risk: number | null;
  n_pod_warning_risk: number | null;
  xid: Generated<string>;
  at: Generated<Date>;
}

interface ShipmentChangesHorizonTable {
  one: Generated<boolean>;
  horizon: string;
}

interface ShipmentHealthCountsTable {
  company_id: number;
  hidden: boolean;
  alert_codes: number[];
  eta_delta_ceil: number | null;
  eta_delta_floor: number | null;
  days_in_tsp: number | null;
  days_in_tsp_planned_initial: number | null;
  days_in_tsp_planned_last: number | null;
  days_in_pol_planned_initial: number | null;
  days_in_pol_planned_last: number | null;
  days_in_pod_planned_initial: number | null;
  days_in_pod_planned_last: number | null;
  discrepancy_eta_at_pod: number | null;
  discrepancy_eta_at_dlv: number | null;
  n: ColumnType<string, never, never>;
}

/** The same per carrier and request status (migration 0025; kept by triggers on shipments). */
interface ShipmentListCountsTable extends ShipmentHealthCountsTable {
  carrier_id: number;
  request_status: string | null;
  pod_warning_risk: number | null;
}

// ---- Drift since 0007: columns and tables the migrations added that the
// types above did not have. Added here, separately, so the query builder knows them. ----

/** migrations/0008: the carrier's eventCreatedDateTime when clamped, and the content's version. */
interface CarrierEventsTrustColumns {
  created_clamped_from: NullableTs;
  version: Generated<number>;
}

/** migrations/0008 (0021 adds the kind `retracted`): why an event was set aside or recorded (the domain's
 * REJECTED_KINDS). */
interface RejectedEventsKindColumns {
  kind: Generated<RejectedEventKind>;
}

/** migrations/0008: every other content a carrier published under the same eventID. */
interface CarrierEventVersionsTable {
  id: BigId;
  carrier_event_id: BigId;
  version: number;
  raw: Json<Record<string, unknown>>;
  event_created_at: Timestamp;
  source: 'poll' | 'push';
  received_at: Timestamp;
  superseded_at: Generated<Date>;
}

/** migrations/0021_dcsa_v3_push_retractions.sql: DCSA v3 retractions (tombstones). */
interface CarrierEventRetractionsTable {
  carrier_id: number;
  event_id: string;
  retracted_at: Timestamp;
  source: 'poll' | 'push';
  received_at: Generated<Date>;
  /** migrations/0022: the tracking request (subscription) the retraction came for; NULL for tools. */
  tracking_request_id: number | null;
}

/** migrations/0007_token_expiry_login_devices.sql */
interface LoginDevicesTable {
  key_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
}

/** migrations/0007: login_failures.device_hash. */
interface LoginFailuresDeviceColumns {
  device_hash: string | null;
}

/** migrations/0009_contact_requests.sql */
interface ContactRequestsTable {
  id: BigId;
  name: string;
  email: string;
  phone: Generated<string>;
  company: string;
  comments: Generated<string>;
  product: string;
  language: 'en' | 'es';
  client_address: Generated<string>;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  last_error: string | null;
  last_attempt_at: NullableTs;
  created_at: Generated<Date>;
  sent_at: NullableTs;
}

/** migrations/0012_bi_rollup.sql (kept by triggers; bigint and numeric come back as strings). */
interface BiShipmentRollupTable {
  company_id: number;
  grain: 'full' | 'carrier' | 'lane' | 'carrier_day';
  carrier_id: number | null;
  pol_loc_id: number | null;
  pod_loc_id: number | null;
  month: Timestamp;
  n: Generated<string>;
  arrived: Generated<string>;
  punct_n: Generated<string>;
  on_time: Generated<string>;
  delay_sum: Generated<string>;
  transit_n: Generated<string>;
  transit_sum: Generated<string>;
  transit_planned_n: Generated<string>;
  transit_planned_sum: Generated<string>;
  rolled: Generated<string>;
  vessel_changes: Generated<string>;
  dwell: Generated<string[]>;
  pred_n: Generated<string[]>;
  pred_err: Generated<string[]>;
}

/** migrations/0030_eta_change_alerts.sql: ETA changes beyond a user's threshold, mailed once. */
interface EtaChangeAlertsTable {
  id: Generated<string>;
  user_id: number;
  shipment_id: string;
  milestone: 'pod' | 'delivery';
  old_value: Timestamp;
  new_value: Timestamp;
  created_at: Generated<Date>;
  sent_at: NullableTs;
}

/** migrations/0029_calendar_feeds.sql: a user's iCalendar feeds (only the secret's SHA-256 is kept). */
interface CalendarFeedsTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  name: string;
  scope: 'all' | 'project' | 'template';
  project_id: number | null;
  template_id: number | null;
  lang: Generated<'es' | 'en'>;
  secret_hash: string;
  created_at: Generated<Date>;
  last_used_at: NullableTs;
  revoked_at: NullableTs;
}

/** migrations/0032_shipment_share_links.sql */
interface ShipmentShareLinksTable {
  id: Generated<number>;
  shipment_id: ColumnType<string, string | number, string | number>;
  company_id: number;
  created_by: number | null;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_used_at: NullableTs;
  revoked_at: NullableTs;
}

/** migrations/0013_export_templates.sql */
interface ExportTemplatesTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  name: string;
  description: Generated<string>;
  send_email: Generated<'' | 'daily' | 'weekly' | 'monthly'>;
  columns: string[];
  filters: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  modified_at: Generated<Date>;
  /** migrations/0027: when send_email was last set (a period sent before it is skipped). */
  schedule_since: Generated<Date>;
}

/** migrations/0035_shared_rate_limits.sql: fixed-window counters shared by the API processes. */
interface RateLimitHitsTable {
  bucket: string;
  window_start: Timestamp;
  window_ms: number;
  hits: number;
}

/** migrations/0014_report_runs.sql */
interface ReportRunsTable {
  id: BigId;
  kind: 'template' | 'digest';
  template_id: number | null;
  user_id: number;
  period: string;
  recipients: Generated<string[]>;
  rows: number | null;
  status: Generated<'pending' | 'sent' | 'failed' | 'empty'>;
  attempts: Generated<number>;
  error: string | null;
  created_at: Generated<Date>;
  last_attempt_at: NullableTs;
  sent_at: NullableTs;
}

/** migrations/0014: user_profiles.email_language. */
export interface UserProfilesEmailColumns {
  email_language: Generated<'en' | 'es'>;
}

// ---- ERP/API integration (migrations/0015_api_keys.sql, 0016_webhooks.sql) ----

export type ApiKeyScope = 'read' | 'read_write';

interface ApiKeysTable {
  id: Generated<number>;
  company_id: number;
  created_by: number;
  name: string;
  scope: ApiKeyScope;
  key_hash: string;
  prefix: string;
  rate_limit_per_minute: Generated<number>;
  created_at: Generated<Date>;
  last_used_at: NullableTs;
  revoked_at: NullableTs;
  revoked_by: number | null;
  /** The manager the key acts for (0023): the creator, or the manager who took it over. */
  owner_id: number;
  owner_since: Generated<Date>;
  expires_at: NullableTs;
  expiry_warned_at: NullableTs;
  expiry_warning_lease: NullableTs;
}

interface WebhookEndpointsTable {
  id: Generated<number>;
  company_id: number;
  created_by: number | null;
  url: string;
  description: Generated<string>;
  events: string[];
  secret: string;
  enabled: Generated<boolean>;
  disabled_reason: 'failing' | 'manual' | null;
  disabled_at: NullableTs;
  disabled_notified_at: NullableTs;
  failing_since: NullableTs;
  created_at: Generated<Date>;
  modified_at: Generated<Date>;
  /** The secret before the last rotation, still signing until previous_secret_expires_at (0023). */
  previous_secret: string | null;
  previous_secret_expires_at: NullableTs;
  secret_rotated_at: NullableTs;
}

/** The transactional outbox: written by triggers in the transaction that changed the data. */
interface WebhookEventsTable {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  company_id: number;
  type: string;
  tracking_request_id: number | null;
  shipment_id: BigId | null;
  data: Json<Record<string, unknown>>;
  occurred_at: Generated<Date>;
}

interface WebhookDeliveriesTable {
  id: ColumnType<string, string | number | undefined, string | number>;
  endpoint_id: number;
  event_id: string;
  seq: BigId;
  chain: string;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  leased_until: NullableTs;
  enqueued: Generated<boolean>;
  body: string | null;
  last_attempt_at: NullableTs;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  delivered_at: NullableTs;
  manual: Generated<boolean>;
  created_at: Generated<Date>;
}

interface WebhookAttemptsTable {
  id: ColumnType<string, string | number | undefined, string | number>;
  delivery_id: BigId;
  attempted_at: Generated<Date>;
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
}

// ---- migrations/0018_health_pod_warning_risk.sql: the POD arrival warning's risk as a column of
// shipments (kept by a trigger) and a dimension of shipment_health_counts. ----
interface ShipmentsWarningRiskColumns {
  pod_warning_risk: ColumnType<number | null, never, never>;
}

/** migrations/0024_idempotency_login_addresses.sql */
interface IdempotencyKeysTable {
  caller: string;
  key: string;
  company_id: number;
  fingerprint: string;
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

/** migrations/0024 */
interface LoginAddressesTable {
  user_id: number;
  address: string;
  last_login_at: Generated<Date>;
}

/** migrations/0024 */
interface LoginLockoutNoticesTable {
  user_id: number;
  notified_at: Date;
}

/** A company's own mapping of a number prefix to a carrier (0028); wins over the built-in prefix table. */
interface CarrierPrefixOverridesTable {
  id: Generated<number>;
  company_id: number;
  kind: 'container' | 'reference';
  prefix: string;
  carrier_id: number;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** migrations/0033_free_time.sql */
interface FreeTimeRulesTable {
  id: Generated<number>;
  company_id: number;
  carrier_id: number | null;
  pod_locode: string | null;
  container_type: string | null;
  mode: 'separate' | 'combined';
  demurrage_free_days: number | null;
  detention_free_days: number | null;
  combined_free_days: number | null;
  day_count: Generated<'calendar' | 'working'>;
  demurrage_start: Generated<'event_day' | 'next_day'>;
  demurrage_stop: Generated<'gate_out' | 'delivery'>;
  detention_start: Generated<'event_day' | 'next_day'>;
  demurrage_tiers: ColumnType<unknown, string | undefined, string>;
  detention_tiers: ColumnType<unknown, string | undefined, string>;
  combined_tiers: ColumnType<unknown, string | undefined, string>;
  currency: string;
  created_at: Generated<Date>;
  modified_at: Generated<Date>;
}

type NullableDate = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** migrations/0033_free_time.sql: the carrier's last free days and the running clock's (0036 moved the rest). */
interface ShipmentsFreeTimeColumns {
  carrier_demurrage_lfd: NullableDate;
  carrier_detention_lfd: NullableDate;
  free_time_lfd: NullableDate;
}

/** migrations/0036_shipment_free_time_table.sql: the clocks derived per container (a row when it has any). */
interface ShipmentFreeTimeTable {
  shipment_id: BigId;
  company_id: number;
  rule_id: number | null;
  free_time: Json<unknown>;
  demurrage_cost: NullableNum;
  detention_cost: NullableNum;
  currency: string | null;
  computed_on: ColumnType<Date, Date | string, Date | string>;
}

/** migrations/0033_free_time.sql: rule changes recomputed in the background. */
interface FreeTimeRecomputesTable {
  company_id: number;
  requested_at: Generated<Date>;
  started_at: NullableTs;
  done_at: NullableTs;
  total: number | null;
  processed: Generated<number>;
}

export interface Database {
  companies: CompaniesTable;
  roles: RolesTable;
  users: UsersTable;
  user_profiles: UserProfilesTable & UserProfilesEmailColumns;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable & LoginFailuresDeviceColumns;
  carriers: CarriersTable;
  event_codes: EventCodesTable;
  locations: LocationsTable;
  vessels: VesselsTable;
  tracking_requests: TrackingRequestsTable;
  shipments: ShipmentsTable & ShipmentsWarningRiskColumns & ShipmentsFreeTimeColumns;
  carrier_events: CarrierEventsTable & CarrierEventsTrustColumns;
  tracking_request_events: TrackingRequestEventsTable;
  shipment_events: ShipmentEventsTable;
  rejected_events: RejectedEventsTable & RejectedEventsKindColumns;
  alert_events: AlertEventsTable;
  milestone_date_changes: MilestoneDateChangesTable;
  shipment_day_counts: ShipmentDayCountsTable;
  shipment_health_counts: ShipmentHealthCountsTable & ShipmentsWarningRiskColumns;
  shipment_list_counts: ShipmentListCountsTable;
  health_profiles: HealthProfilesTable;
  health_profile_counts: HealthProfileCountsTable;
  shipment_changes: ShipmentChangesTable;
  shipment_changes_horizon: ShipmentChangesHorizonTable;
  dcsa_subscriptions: DcsaSubscriptionsTable;
  engine_settings: EngineSettingsTable;
  projects: ProjectsTable;
  project_subscribers: ProjectSubscribersTable;
  teams: TeamsTable;
  team_coordinators: TeamUsersTable;
  team_members: TeamUsersTable;
  carrier_event_versions: CarrierEventVersionsTable;
  carrier_event_retractions: CarrierEventRetractionsTable;
  login_devices: LoginDevicesTable;
  idempotency_keys: IdempotencyKeysTable;
  login_addresses: LoginAddressesTable;
  login_lockout_notices: LoginLockoutNoticesTable;
  contact_requests: ContactRequestsTable;
  bi_shipment_rollup: BiShipmentRollupTable;
  export_templates: ExportTemplatesTable;
  calendar_feeds: CalendarFeedsTable;
  shipment_share_links: ShipmentShareLinksTable;
  eta_change_alerts: EtaChangeAlertsTable;
  report_runs: ReportRunsTable;
  rate_limit_hits: RateLimitHitsTable;
  // ERP/API integration (0015, 0016)
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  // Carrier detection (0028)
  carrier_prefix_overrides: CarrierPrefixOverridesTable;
  // Demurrage and detention (0033)
  free_time_rules: FreeTimeRulesTable;
  free_time_recomputes: FreeTimeRecomputesTable;
  shipment_free_time: ShipmentFreeTimeTable;
}

export type User = Selectable<UsersTable>;
export type UserProfile = Selectable<UserProfilesTable>;
export type UserProfileUpdate = Updateable<UserProfilesTable>;
export type Carrier = Selectable<CarriersTable>;
export type Location = Selectable<LocationsTable>;
