-- Tracking links a forwarder sends its own customer: GET /api/public/tracking/<token>/ shows one shipment (its
-- container, route, milestones, ETA and the forwarder's name, nothing internal) without an account. The token
-- is the credential, so it is long and random and only its SHA-256 is stored (shown once, at creation). A link
-- stops at its expiry or its revocation (a timestamp); either answers 404 at once.
CREATE TABLE shipment_share_links (
  id serial PRIMARY KEY,
  shipment_id bigint NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- The creator may leave the company or be deleted; the link stays the company's.
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  token_hash char(64) NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK (expires_at > created_at)
);

CREATE INDEX shipment_share_links_shipment_idx ON shipment_share_links (shipment_id, id DESC);
