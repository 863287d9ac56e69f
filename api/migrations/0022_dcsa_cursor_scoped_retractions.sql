-- DCSA Track & Trace: push and poll progress apart, retractions scoped to their subscription, and
-- the new kinds of set-aside events.
--
-- Poll and push progress are tracked apart: tracking_requests.last_event_created_at is the poll
-- cursor only (the carrier's clock, moved by what a poll received and stored; each poll asks again
-- from an overlap window before it), and last_pushed_event_at records the latest publication time
-- the carrier pushed, which never moves the poll cursor (a lost or out-of-order push would make the
-- poll skip the missed event).
ALTER TABLE tracking_requests ADD COLUMN last_pushed_event_at timestamptz;

-- A retraction reaches only what came through the same subscription (its tracking request): the
-- tombstone keeps which request it was received for (NULL: ingestion without a request, i.e. tools).
ALTER TABLE carrier_event_retractions
  ADD COLUMN tracking_request_id integer REFERENCES tracking_requests (id) ON DELETE CASCADE;
ALTER TABLE carrier_event_retractions DROP CONSTRAINT carrier_event_retractions_pkey;
CREATE UNIQUE INDEX carrier_event_retractions_scope_idx
  ON carrier_event_retractions (carrier_id, event_id, (coalesce(tracking_request_id, 0)));

-- rejected_events.kind:
--   schema: refused by the DCSA v3.0 schema (lengths, formats, code lists, fields the portal needs);
--   other_shipment: names another booking / B/L than the request (a re-used container);
--   retraction_refused: a retraction of an event that did not come through that subscription.
ALTER TABLE rejected_events DROP CONSTRAINT rejected_events_kind_check;
ALTER TABLE rejected_events ADD CONSTRAINT rejected_events_kind_check
  CHECK (kind IN ('invalid', 'schema', 'unstorable', 'irrelevant', 'other_shipment', 'clamped', 'retracted',
                  'retraction_refused'));
