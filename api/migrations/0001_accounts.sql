-- Companies, roles, users, their profiles, API tokens and login attempts (for throttling).

CREATE TABLE companies (
  id serial PRIMARY KEY,
  name text NOT NULL,
  max_tracking_requests integer NOT NULL DEFAULT 0,
  actual_tracking_requests integer NOT NULL DEFAULT 0,
  attachment_schema_form jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);

INSERT INTO roles (id, name) VALUES (1, 'standard'), (2, 'limited');

CREATE TABLE users (
  id serial PRIMARY KEY,
  username varchar(150) NOT NULL UNIQUE,
  email varchar(254) NOT NULL DEFAULT '',
  first_name varchar(150) NOT NULL DEFAULT '',
  last_name varchar(150) NOT NULL DEFAULT '',
  password text NOT NULL,
  is_superuser boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  date_joined timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz
);

-- One profile per user; its id IS the user id (user-profiles/{id} takes the user id).
CREATE TABLE user_profiles (
  id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id),
  role_id integer REFERENCES roles (id) DEFAULT 1,
  is_manager boolean NOT NULL DEFAULT false,

  report_emails jsonb NOT NULL DEFAULT '[]',
  days_of_delay integer NOT NULL DEFAULT 1 CHECK (days_of_delay >= 1),
  days_in_advance integer NOT NULL DEFAULT -1 CHECK (days_in_advance < 0),
  attention_required_event_codes jsonb NOT NULL DEFAULT '[]',
  pod_timeofarrival_warning_risk smallint CHECK (pod_timeofarrival_warning_risk IN (1, 2)),
  max_days_in_tsp integer CHECK (max_days_in_tsp >= 1),
  max_days_in_tsp_planned_initial integer CHECK (max_days_in_tsp_planned_initial >= 1),
  max_days_in_tsp_planned_last integer CHECK (max_days_in_tsp_planned_last >= 1),
  max_days_in_pol_planned_initial integer CHECK (max_days_in_pol_planned_initial >= 1),
  max_days_in_pol_planned_last integer CHECK (max_days_in_pol_planned_last >= 1),
  max_days_in_pod_planned_initial integer CHECK (max_days_in_pod_planned_initial >= 1),
  max_days_in_pod_planned_last integer CHECK (max_days_in_pod_planned_last >= 1),
  max_days_eta_pod_discrepancy integer CHECK (max_days_eta_pod_discrepancy >= 1),
  max_days_eta_dlv_discrepancy integer CHECK (max_days_eta_dlv_discrepancy >= 1),

  email_report_days_of_delay integer NOT NULL DEFAULT 1 CHECK (email_report_days_of_delay >= 1),
  email_report_days_in_advance integer NOT NULL DEFAULT -1 CHECK (email_report_days_in_advance < 0),
  email_report_attention_required_event_codes jsonb NOT NULL DEFAULT '[]',
  email_pod_timeofarrival_warning_risk smallint CHECK (email_pod_timeofarrival_warning_risk IN (1, 2)),
  email_report_max_days_in_tsp integer CHECK (email_report_max_days_in_tsp >= 1),
  email_report_max_days_in_tsp_planned_initial integer CHECK (email_report_max_days_in_tsp_planned_initial >= 1),
  email_report_max_days_in_tsp_planned_last integer CHECK (email_report_max_days_in_tsp_planned_last >= 1),
  email_report_max_days_in_pol_planned_initial integer CHECK (email_report_max_days_in_pol_planned_initial >= 1),
  email_report_max_days_in_pol_planned_last integer CHECK (email_report_max_days_in_pol_planned_last >= 1),
  email_report_max_days_in_pod_planned_initial integer CHECK (email_report_max_days_in_pod_planned_initial >= 1),
  email_report_max_days_in_pod_planned_last integer CHECK (email_report_max_days_in_pod_planned_last >= 1),
  email_report_max_days_eta_pod_discrepancy integer CHECK (email_report_max_days_eta_pod_discrepancy >= 1),
  email_report_max_days_eta_dlv_discrepancy integer CHECK (email_report_max_days_eta_dlv_discrepancy >= 1),

  trackings_fields jsonb NOT NULL DEFAULT '[]',
  shipments_fields jsonb NOT NULL DEFAULT '[]'
);

CREATE INDEX user_profiles_company_idx ON user_profiles (company_id);

-- Tokens are 40 hex characters; only their SHA-256 is stored.
CREATE TABLE auth_tokens (
  key_hash char(64) PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);

-- Failed logins only; a successful login deletes the failures of its username.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  username varchar(150) NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX login_failures_username_idx ON login_failures (lower(username), created_at);
CREATE INDEX login_failures_address_idx ON login_failures (address, created_at);
