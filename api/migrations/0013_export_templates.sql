-- Export templates (spec section 3): a user's saved Export List choices, optionally e-mailed on a schedule.
CREATE TABLE export_templates (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name varchar(150) NOT NULL CHECK (btrim(name) <> ''),
  description varchar(1000) NOT NULL DEFAULT '',
  send_email text NOT NULL DEFAULT '' CHECK (send_email IN ('', 'daily', 'weekly', 'monthly')),
  columns text[] NOT NULL CHECK (cardinality(columns) BETWEEN 1 AND 400),
  filters jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(filters) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX export_templates_user_idx ON export_templates (user_id, id);
-- The scheduler reads the templates that have a schedule.
CREATE INDEX export_templates_scheduled_idx ON export_templates (send_email) WHERE send_email <> '';
