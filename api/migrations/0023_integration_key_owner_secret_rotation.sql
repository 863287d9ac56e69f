-- API keys get a named owner and an optional expiry; webhook secrets can be rotated with a grace period.
--
-- A key works only while its owner may still create keys (an active manager with write permission in the key's
-- company); otherwise it answers 401 until a manager takes it over (owner_id becomes that manager). Every key
-- existing today is owned by the manager who created it.
ALTER TABLE api_keys
  ADD COLUMN owner_id integer REFERENCES users (id) ON DELETE CASCADE,
  ADD COLUMN owner_since timestamptz,
  -- Optional: the key stops working at this time. The owner is e-mailed once before (expiry_warned_at).
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN expiry_warned_at timestamptz,
  -- A worker sending the warning holds it until then, so two workers do not both send it.
  ADD COLUMN expiry_warning_lease timestamptz;
UPDATE api_keys SET owner_id = created_by, owner_since = created_at;
ALTER TABLE api_keys
  ALTER COLUMN owner_id SET NOT NULL,
  ALTER COLUMN owner_since SET NOT NULL,
  ALTER COLUMN owner_since SET DEFAULT now();

-- The warnings still to send (few rows: active keys with an expiry not yet warned about).
CREATE INDEX api_keys_expiry_warning_idx ON api_keys (expires_at)
  WHERE revoked_at IS NULL AND expires_at IS NOT NULL AND expiry_warned_at IS NULL;

-- After a rotation the previous secret still signs (a second signature) until previous_secret_expires_at, so a
-- receiver can switch to the new secret without losing a delivery.
ALTER TABLE webhook_endpoints
  ADD COLUMN previous_secret varchar(100),
  ADD COLUMN previous_secret_expires_at timestamptz,
  ADD COLUMN secret_rotated_at timestamptz;
