-- Personal calendar feeds: a user subscribes Outlook or Google Calendar to
-- GET /api/calendar/<secret>.ics, the ETAs at POD and delivery of the shipments of the user's company,
-- all of them or those of one project or one of the user's saved export templates (its filters). The secret
-- is in the URL itself (calendar clients cannot send headers), so it is long and random and only its SHA-256
-- is stored. A feed is the user's own: it shows only what the user may see in the portal, and only while the
-- user is active in the same company. Revocation is a timestamp; a revoked feed answers 404 at once.
CREATE TABLE calendar_feeds (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
  scope text NOT NULL CHECK (scope IN ('all', 'project', 'template')),
  -- A feed follows its project or template: deleting either deletes the feed (its URL then answers 404).
  project_id integer REFERENCES projects (id) ON DELETE CASCADE,
  template_id integer REFERENCES export_templates (id) ON DELETE CASCADE,
  lang text NOT NULL DEFAULT 'es' CHECK (lang IN ('es', 'en')),
  secret_hash char(64) NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK ((scope = 'project') = (project_id IS NOT NULL)),
  CHECK ((scope = 'template') = (template_id IS NOT NULL))
);

CREATE INDEX calendar_feeds_user_idx ON calendar_feeds (user_id, id DESC);

-- The feed's window (30 days back, 180 ahead) read as an index range per company: the arrival at POD (actual,
-- else the carrier's ETA) and the delivery (actual, else planned), written as services/calendar-feeds/ics.ts
-- writes them. Without them a company of a million shipments took 2.4-5.7 s per fetch (a scan and a sort).
CREATE INDEX shipments_company_pod_at_idx ON shipments (company_id, (coalesce(ata, eta)));
CREATE INDEX shipments_company_delivery_at_idx
  ON shipments (company_id, (coalesce(delivery_actual, delivery_planned_last, delivery_planned_initial)));
