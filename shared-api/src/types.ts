// TypeScript types for every entity of the product spec, section 3. Dates travel as ISO strings. Where an entity
// is an answer of the API, its type is read from the generated contract (contract.ts, made from the API's
// OpenAPI document), so the two cannot drift; the others are still written here.
import type { ApiAnswer, ApiBody, ApiListRow } from './contract';
import type { CodeTypeId, MilestoneDateColumn } from './domain';

// The domain types and the two constants `@portal/shared-api` has always offered, from the domain module (the
// constants from its own file, so the shared chunk the shell loads carries no more of it than that).
export { CODE_TYPES, FILTERABLE_TRACKING_STATUSES } from './domain/tracking-requests';
export type {
  CodeType,
  LifecycleStatus,
  LocationKey,
  Milestone,
  MilestoneReading,
  ShipmentHealth,
  TrackingRequestStatus,
} from './domain';

export type Id = number;
export type IsoDate = string; // yyyy-MM-dd or a full ISO timestamp

/** A page of a list answer: the API's envelope (count, next, previous) around rows of type T. */
export type Paged<T> = Omit<ApiAnswer<'/api/users/'>, 'results'> & { results: T[] };

/**
 * A company (spec section 3). Written here: no call of the API answers one (profiles and users carry only its id),
 * so its document has no company to generate this from.
 */
export interface Company {
  id: Id;
  name: string;
  max_tracking_requests: number;
  actual_tracking_requests: number;
  attachment_schema_form: Record<string, unknown> | null;
}

export type UserProfile = ApiAnswer<'/api/user-profiles/{id}/'>;

/** A profile's role: 1 standard, 2 limited (read-only), as the API documents it (null: no role). */
export type RoleId = NonNullable<UserProfile['role']>;

/** Languages the report e-mails are written in. */
export type EmailLanguage = UserProfile['email_language'];
export const EMAIL_LANGUAGES = ['es', 'en'] as const satisfies readonly EmailLanguage[];

/** The logged-in user with their profile (GET rest-auth/user/). */
export type User = ApiAnswer<'/api/rest-auth/user/'>;

/** The user summary used in teams and projects. */
export type UserSummary = Team['members'][number];

export type Carrier = ApiAnswer<'/api/carriers/{id}/'>;

/** The code types a request tracks by, as the API knows them (domain module). */
export type CodeTypeKey = CodeTypeId;

export type EventCode = ApiListRow<'/api/event-codes/'>;

/** A shipment as GET shipments/ lists it: the list leaves out null milestone dates and durations. */
export type Shipment = ApiListRow<'/api/shipments/'>;
/** One shipment with its timeline, alert events, date changes and planned route (GET shipments/{id}/). */
export type ShipmentDetail = ApiAnswer<'/api/shipments/{id}/'>;

/** An alert event of a shipment (901-907), hidden ones included (GET shipments/{id}/alert_events/). */
export type AlertEvent = ApiAnswer<'/api/shipments/{id}/alert_events/'>[number];
/** A carrier event of the shipment's timeline. */
export type ShipmentEvent = ShipmentDetail['events'][number];
/** A change of one milestone date. */
export type MilestoneDateChange = ShipmentDetail['date_changes'][number];

/** A place (port, terminal, depot) as the shipments carry it. */
export type Port = NonNullable<Shipment['pol_loc']>;
export type Vessel = NonNullable<Shipment['current_vessel']>;
export type Leg = Shipment['leg1'];

/** 0 good, -1 unknown, 1 low risk warning, 2 high risk warning. */
export type PodRisk = -1 | 0 | 1 | 2;
export type PodRiskOption = 1 | 2;
export const POD_RISK_OPTIONS: readonly { value: PodRiskOption; label: string }[] = [
  { value: 1, label: 'Low' },
  { value: 2, label: 'High' },
];

/** The POD time-of-arrival warning ({} until there is one, so every key may be absent). */
export type PodTimeOfArrivalWarning = NonNullable<Shipment['pod_timeofarrival_warning']>;
export type PodVesselArrivalPrediction = NonNullable<Shipment['pod_vslarrival_prediction']>;
export type PortPrediction = Shipment['predictions'][string];

export type MilestoneDates = Partial<Pick<Shipment, MilestoneDateColumn>>;

export type TrackingRequest = ApiAnswer<'/api/tracking-requests/{id}/'>;

export type Project = ApiAnswer<'/api/projects/{id}/'>;

export type Team = ApiAnswer<'/api/teams/{id}/'>;

/** A shipment-export template of the caller (GET export-templates/{id}/). */
export type ExportTemplate = ApiAnswer<'/api/export-templates/{id}/'>;
/** What POST export-templates/ and PUT export-templates/{id}/ take. */
export type ExportTemplateBody = ApiBody<'/api/export-templates/'>;
/** When the template's report is e-mailed ('' never). */
export type ReportSchedule = ExportTemplate['send_email'];

export type DashboardStats = ApiAnswer<'/api/shipments/stats/'>;

/** A metric of the BI catalogue (GET bi/). */
export type BiMetricDefinition = ApiAnswer<'/api/bi/'>['metrics'][number];

/** The body of the public contact form's POST products/send-mail/ (the front end always sends every field). */
export type ContactRequest = Required<ApiBody<'/api/products/send-mail/'>>;
