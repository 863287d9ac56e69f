-- Company API keys: a manager creates named keys for the company's ERP/TMS. The key itself is
-- shown once; only its SHA-256 is stored (the key has 256 random bits, so a plain hash is enough). A key acts
-- for its company with the thresholds of the manager who created it: scope 'read' reads, 'read_write' may
-- also create and change tracking requests. Revocation is a timestamp (the row stays for the audit trail).
CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  created_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name varchar(100) NOT NULL CHECK (btrim(name) <> ''),
  scope text NOT NULL CHECK (scope IN ('read', 'read_write')),
  key_hash char(64) NOT NULL UNIQUE,
  -- The first characters of the key ("ctp_" and 8 more), shown in the list so a key can be recognised.
  prefix varchar(16) NOT NULL,
  rate_limit_per_minute integer NOT NULL DEFAULT 600 CHECK (rate_limit_per_minute BETWEEN 1 AND 100000),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by integer REFERENCES users (id) ON DELETE SET NULL
);

CREATE INDEX api_keys_company_idx ON api_keys (company_id, id DESC);
-- Active key names are unique per company.
CREATE UNIQUE INDEX api_keys_company_name_idx ON api_keys (company_id, lower(name)) WHERE revoked_at IS NULL;
