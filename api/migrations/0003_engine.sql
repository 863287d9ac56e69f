-- Tracking engine bookkeeping: consecutive "reference not found" answers (a request turns invalid
-- after a few), the last polling error, when the request's shipments were last recomputed, and a
-- small key/value store for engine settings that must survive restarts (the demo simulator epoch).
-- The job queue itself (pg-boss) keeps its tables in the `pgboss` schema, created by pg-boss.
ALTER TABLE tracking_requests
  ADD COLUMN not_found_polls integer NOT NULL DEFAULT 0,
  ADD COLUMN last_poll_error text,
  ADD COLUMN computed_at timestamptz;

-- Requests whose events changed after their shipments were last derived.
CREATE INDEX tracking_requests_recompute_idx ON tracking_requests (last_update)
  WHERE status IN ('new', 'ongoing');
CREATE INDEX tracking_requests_pending_idx ON tracking_requests (status)
  WHERE status IN ('pending_archiving', 'pending_cancelling');

CREATE TABLE engine_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
