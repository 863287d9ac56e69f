-- Tokens expire (sliding: last_used_at + idle time, and a maximum age from created_at), and the login
-- throttle knows the devices a user has logged in from (OWASP "device cookies"): a known device with the right
-- password is not locked out by failures that strangers caused.

-- Tokens made before this migration start their idle time now rather than expiring at once.
UPDATE auth_tokens SET last_used_at = now() WHERE last_used_at IS NULL;
ALTER TABLE auth_tokens ALTER COLUMN last_used_at SET DEFAULT now();
ALTER TABLE auth_tokens ALTER COLUMN last_used_at SET NOT NULL;

-- A device cookie is 32 random bytes; only its SHA-256 is stored, bound to the user that logged in with it.
CREATE TABLE login_devices (
  key_hash char(64) NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_hash, user_id)
);

CREATE INDEX login_devices_user_idx ON login_devices (user_id);

-- Failures made with a device cookie count against that device too (a stolen cookie cannot guess forever).
ALTER TABLE login_failures ADD COLUMN device_hash char(64);
CREATE INDEX login_failures_device_idx ON login_failures (device_hash, created_at) WHERE device_hash IS NOT NULL;
