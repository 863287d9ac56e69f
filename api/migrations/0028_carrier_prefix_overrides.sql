-- Company-level carrier prefix overrides: a manager maps a number prefix to one of the portal's carriers for
-- the company. Mostly for leased containers, whose owner prefix (TGHU, CAIU, ...) names the leasing company,
-- not the carrier. An override wins over the built-in prefix table (services/carrier-detection/prefixes.json).
-- `kind` says which numbers it applies to: container numbers, or booking / B/L numbers ('reference').
CREATE TABLE carrier_prefix_overrides (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('container', 'reference')),
  prefix varchar(4) NOT NULL CHECK (prefix ~ '^[A-Z]{4}$'),
  carrier_id integer NOT NULL REFERENCES carriers (id) ON DELETE CASCADE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, kind, prefix)
);
