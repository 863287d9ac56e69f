-- DCSA Track & Trace v3.0 push and retractions.
--
-- v3.0: "isRetracted — the data in this and all previously transmitted events with the same
-- eventID must be discarded or ignored." A retraction discards the stored event (its links and
-- versions go with it; milestone_date_changes keep their history with carrier_event_id NULL), and
-- leaves a tombstone here so that a copy published before the retraction and received late (a
-- poll racing a push) is not stored again. A copy published after the retraction is a new event.
CREATE TABLE carrier_event_retractions (
  carrier_id integer NOT NULL REFERENCES carriers (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  -- The retraction's eventUpdatedDateTime (clamped to the receiving time like any carrier clock;
  -- the receiving time when the carrier gave none).
  retracted_at timestamptz NOT NULL,
  source text NOT NULL CHECK (source IN ('poll', 'push')),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (carrier_id, event_id)
);

-- rejected_events.kind `retracted`: the content a retraction discarded (or a late copy of a
-- retracted event), kept for superusers with the reason.
ALTER TABLE rejected_events DROP CONSTRAINT rejected_events_kind_check;
ALTER TABLE rejected_events ADD CONSTRAINT rejected_events_kind_check
  CHECK (kind IN ('invalid', 'unstorable', 'irrelevant', 'clamped', 'retracted'));

-- The superusers' list of set-aside events: newest first, filtered by kind.
CREATE INDEX rejected_events_kind_received_idx ON rejected_events (kind, received_at DESC, id DESC);
