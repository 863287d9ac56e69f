-- Rate limits shared by every API process: the per-key API limit and the per-address limits of the contact form,
-- the DCSA callbacks, the calendar feeds, the public tracking links and send_now were counted in each process's
-- memory, so N processes behind a balancer let N times the limit through. One row per bucket (what is counted:
-- 'api-key:42', 'contact:203.0.113.9'…) and fixed window; the API's single statement (services/rate-limits.ts)
-- starts, counts or restarts the window under the row lock, so concurrent processes count every request once.
-- UNLOGGED: counters are worth less than the write-ahead log they would cost; a crash of PostgreSQL starts every
-- window again (lets at most one window's worth through), which a limit meant to slow clients down can afford.
CREATE UNLOGGED TABLE rate_limit_hits (
  bucket text PRIMARY KEY CHECK (length(bucket) <= 200),
  window_start timestamptz NOT NULL,
  window_ms integer NOT NULL CHECK (window_ms > 0),
  hits integer NOT NULL
);
