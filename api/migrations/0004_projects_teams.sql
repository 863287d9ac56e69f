-- Projects (with subscribers) and teams (with coordinators and members), each owned by a company;
-- the foreign key tracking_requests.project_id -> projects; and the trigger that keeps
-- companies.actual_tracking_requests equal to the number of the company's live tracking requests
-- (status new, ongoing, pending_archiving or pending_cancelling), whoever changes them.

CREATE TABLE projects (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id),
  name varchar(150) NOT NULL CHECK (btrim(name) <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX projects_company_name_idx ON projects (company_id, lower(name));

CREATE TABLE project_subscribers (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (project_id, user_id)
);

CREATE INDEX project_subscribers_user_idx ON project_subscribers (user_id);

CREATE TABLE teams (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id),
  name varchar(150) NOT NULL CHECK (btrim(name) <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX teams_company_name_idx ON teams (company_id, lower(name));

CREATE TABLE team_coordinators (
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
);

CREATE TABLE team_members (
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
);

CREATE INDEX team_coordinators_user_idx ON team_coordinators (user_id);
CREATE INDEX team_members_user_idx ON team_members (user_id);

-- A deleted project leaves its tracking requests without a project.
UPDATE tracking_requests SET project_id = NULL WHERE project_id IS NOT NULL;
ALTER TABLE tracking_requests
  ADD CONSTRAINT tracking_requests_project_fk FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE SET NULL;
CREATE INDEX tracking_requests_project_idx ON tracking_requests (project_id) WHERE project_id IS NOT NULL;
-- Duplicate checks (single create and bulk upload) look requests up by carrier, type and value.
CREATE INDEX tracking_requests_company_key_idx ON tracking_requests (company_id, carrier_id, code_type, code_value);

-- companies.actual_tracking_requests = live requests of the company. Statement-level triggers with
-- transition tables: one UPDATE of companies per statement and company, and none when the number
-- of live requests does not change (e.g. the engine's polling bookkeeping).
CREATE FUNCTION tracking_request_is_live(status text) RETURNS integer
  LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN status IN ('new', 'ongoing', 'pending_archiving', 'pending_cancelling') THEN 1 ELSE 0 END $$;

CREATE FUNCTION tracking_requests_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET actual_tracking_requests = c.actual_tracking_requests + d.delta
  FROM (SELECT company_id, sum(tracking_request_is_live(status)) AS delta FROM new_rows GROUP BY company_id) d
  WHERE c.id = d.company_id AND d.delta <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION tracking_requests_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET actual_tracking_requests = c.actual_tracking_requests - d.delta
  FROM (SELECT company_id, sum(tracking_request_is_live(status)) AS delta FROM old_rows GROUP BY company_id) d
  WHERE c.id = d.company_id AND d.delta <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION tracking_requests_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET actual_tracking_requests = c.actual_tracking_requests + d.delta
  FROM (
    SELECT company_id, sum(delta) AS delta FROM (
      SELECT company_id, tracking_request_is_live(status) AS delta FROM new_rows
      UNION ALL
      SELECT company_id, -tracking_request_is_live(status) FROM old_rows
    ) x GROUP BY company_id
  ) d
  WHERE c.id = d.company_id AND d.delta <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER tracking_requests_count_insert AFTER INSERT ON tracking_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tracking_requests_count_insert();
CREATE TRIGGER tracking_requests_count_delete AFTER DELETE ON tracking_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tracking_requests_count_delete();
CREATE TRIGGER tracking_requests_count_update AFTER UPDATE ON tracking_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tracking_requests_count_update();

UPDATE companies c SET actual_tracking_requests =
  (SELECT count(*) FROM tracking_requests t WHERE t.company_id = c.id AND tracking_request_is_live(t.status) = 1);
