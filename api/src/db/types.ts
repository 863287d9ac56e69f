// Table types for Kysely. Keep in step with the SQL files in api/migrations.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  max_tracking_requests: Generated<number>;
  actual_tracking_requests: Generated<number>;
  attachment_schema_form: Json<unknown> | null;
  created_at: Generated<Date>;
}

export interface RolesTable {
  id: number;
  name: string;
}

export interface UsersTable {
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

export interface UserProfilesTable {
  id: number;
  company_id: number;
  role_id: Generated<number | null>;
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
}

export interface AuthTokensTable {
  key_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_used_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  username: string;
  address: string;
  created_at: Generated<Date>;
}

export interface Database {
  companies: CompaniesTable;
  roles: RolesTable;
  users: UsersTable;
  user_profiles: UserProfilesTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type UserProfile = Selectable<UserProfilesTable>;
export type UserProfileUpdate = Updateable<UserProfilesTable>;
export type Company = Selectable<CompaniesTable>;
