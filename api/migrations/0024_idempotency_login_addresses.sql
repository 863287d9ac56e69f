-- Idempotency keys on creating POSTs, and the login throttle per account and address.
--
-- idempotency_keys: a client that lost an answer repeats its create with the same Idempotency-Key; the first
-- answer is replayed and nothing is created twice. One row per caller and key, claimed by its INSERT (the
-- primary key decides between concurrent requests); the answer is stored once the request is done. Rows live
-- 24 hours and are pruned when expired. Neither the key nor the answer is kept readable: some answers carry a
-- secret shown once (a new API key), so the key is kept as its SHA-256 and the answer encrypted with a key
-- derived from the Idempotency-Key (plugins/idempotency.ts).
CREATE TABLE idempotency_keys (
  -- 'u<user id>' for a logged-in user, 'k<API key id>' for an API key.
  caller text NOT NULL,
  -- SHA-256 (hex) of the Idempotency-Key.
  key text NOT NULL CHECK (length(key) = 64),
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- SHA-256 of the method, the path and the body (keys sorted): the same key with another request is refused.
  fingerprint text NOT NULL,
  -- NULL while the first request runs.
  response_status smallint,
  response_type text,
  -- base64 of AES-256-GCM iv | tag | ciphertext.
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (caller, key)
);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);

-- The addresses an account logged in from: failures from strangers elsewhere do not lock the owner out there.
CREATE TABLE login_addresses (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);

-- When the owner was last told by e-mail that the account was being locked (once per lockout window).
CREATE TABLE login_lockout_notices (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  notified_at timestamptz NOT NULL
);

-- The per account-and-address count of the login throttle.
CREATE INDEX login_failures_username_address_idx ON login_failures (lower(username), address, created_at);
