-- What the shipments API needs to answer fast on a million shipments per company, kept correct by
-- the database itself (generated columns and triggers), so every writer of shipments, alert events
-- and tracking requests keeps them right without knowing about them:
--   alert_codes     the codes of the shipment's visible (not hidden) alert events (trigger on alert_events);
--   eta_delta_days  days between the ETA (actual arrival when known) at POD and the initial plan (generated);
--   request_status  the status of the shipment's tracking request (the list's status filter; triggers);
--   search_text     container, booking, B/L and client code in lower case for the trigram search (generated);
--   vessel_ids      the vessels of the five legs and the current vessel (generated), for the vessel search.
-- Health per user is computed from these in SQL (src/services/health.ts).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE shipments
  ADD COLUMN alert_codes integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN request_status text,
  ADD COLUMN eta_delta_days numeric GENERATED ALWAYS AS (
    extract(epoch FROM (coalesce(ata, pod_vessel_arrival_actual, eta, pod_vessel_arrival_planned_last)
      - pod_vessel_arrival_planned_initial)) / 86400.0
  ) STORED,
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(container_number || ' ' || coalesce(booking_number, '') || ' ' || coalesce(bl_number, '') || ' '
      || client_code)
  ) STORED,
  ADD COLUMN vessel_ids integer[] GENERATED ALWAYS AS (
    ARRAY[leg1_vessel_id, leg2_vessel_id, leg3_vessel_id, leg4_vessel_id, leg5_vessel_id, current_vessel_id]
  ) STORED,
  ADD COLUMN pol_departure timestamptz GENERATED ALWAYS AS (
    coalesce(pol_vessel_departure_actual, pol_vessel_departure_planned_last, pol_vessel_departure_planned_initial)
  ) STORED,
  ADD COLUMN pod_arrival timestamptz GENERATED ALWAYS AS (
    coalesce(pod_vessel_arrival_actual, pod_vessel_arrival_planned_last, pod_vessel_arrival_planned_initial)
  ) STORED;

-- alert_codes: recomputed for the shipments whose alert events changed (statement-level, so a bulk
-- hide/unhide or an engine batch costs one UPDATE).
CREATE FUNCTION shipments_sync_alert_codes(ids bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE shipments s SET alert_codes = c.codes
  FROM (
    SELECT sid, coalesce(array_agg(DISTINCT a.code ORDER BY a.code) FILTER (WHERE a.code IS NOT NULL), '{}') AS codes
    FROM unnest(ids) AS sid
    LEFT JOIN alert_events a ON a.shipment_id = sid AND NOT a.hidden
    GROUP BY sid
  ) c
  WHERE s.id = c.sid AND s.alert_codes IS DISTINCT FROM c.codes;
$$;

CREATE FUNCTION alert_events_sync_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM shipments_sync_alert_codes(ARRAY(SELECT DISTINCT shipment_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM shipments_sync_alert_codes(ARRAY(SELECT DISTINCT shipment_id FROM old_rows));
  ELSE
    PERFORM shipments_sync_alert_codes(
      ARRAY(SELECT shipment_id FROM new_rows UNION SELECT shipment_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER alert_events_codes_ins AFTER INSERT ON alert_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_events_sync_codes();
CREATE TRIGGER alert_events_codes_upd AFTER UPDATE ON alert_events
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_events_sync_codes();
CREATE TRIGGER alert_events_codes_del AFTER DELETE ON alert_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_events_sync_codes();

-- request_status: copied from the tracking request on insert, followed when the request's status changes.
CREATE FUNCTION shipments_set_request_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT status INTO NEW.request_status FROM tracking_requests WHERE id = NEW.tracking_request_id;
  RETURN NEW;
END $$;

CREATE TRIGGER shipments_request_status BEFORE INSERT OR UPDATE OF tracking_request_id ON shipments
  FOR EACH ROW EXECUTE FUNCTION shipments_set_request_status();

CREATE FUNCTION tracking_requests_status_to_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shipments SET request_status = NEW.status
  WHERE tracking_request_id = NEW.id AND request_status IS DISTINCT FROM NEW.status;
  RETURN NULL;
END $$;

CREATE TRIGGER tracking_requests_status_sync AFTER UPDATE OF status ON tracking_requests
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION tracking_requests_status_to_shipments();

-- Health inputs counted per company (shipment_health_counts): the dashboard counts and the list counts
-- filtered by health alone come from here in constant time, whatever the thresholds, because every health
-- comparison is against an integer threshold: x > t  <=>  ceil(x) > t, and x < t  <=>  floor(x) < t. Kept by
-- statement-level triggers on shipments (inserts, updates, deletes, including the alert_codes updates made by
-- the alert_events trigger). Values are clamped to +-1,000,000 days.
CREATE FUNCTION shipment_health_ceil(x numeric) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT CASE WHEN x IS NOT NULL THEN greatest(-1000000, least(1000000, ceil(x)))::integer END $$;
CREATE FUNCTION shipment_health_floor(x numeric) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT CASE WHEN x IS NOT NULL THEN greatest(-1000000, least(1000000, floor(x)))::integer END $$;

CREATE TABLE shipment_health_counts (
  company_id integer NOT NULL,
  hidden boolean NOT NULL,
  alert_codes integer[] NOT NULL,
  eta_delta_ceil integer,
  eta_delta_floor integer,
  days_in_tsp integer,
  days_in_tsp_planned_initial integer,
  days_in_tsp_planned_last integer,
  days_in_pol_planned_initial integer,
  days_in_pol_planned_last integer,
  days_in_pod_planned_initial integer,
  days_in_pod_planned_last integer,
  discrepancy_eta_at_pod integer,
  discrepancy_eta_at_dlv integer,
  n bigint NOT NULL
);

CREATE UNIQUE INDEX shipment_health_counts_key ON shipment_health_counts
  (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv) NULLS NOT DISTINCT;

CREATE FUNCTION shipments_health_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shipment_health_counts AS c (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, n)
    SELECT r.company_id, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), count(*)
    FROM new_rows r GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    ON CONFLICT (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shipment_health_counts AS c (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, n)
    SELECT r.company_id, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), -count(*)
    FROM old_rows r GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    ON CONFLICT (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO shipment_health_counts AS c (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, n)
    SELECT k.company_id, k.hidden, k.alert_codes, k.eta_delta_ceil, k.eta_delta_floor, k.days_in_tsp, k.days_in_tsp_planned_initial, k.days_in_tsp_planned_last, k.days_in_pol_planned_initial, k.days_in_pol_planned_last, k.days_in_pod_planned_initial, k.days_in_pod_planned_last, k.discrepancy_eta_at_pod, k.discrepancy_eta_at_dlv, sum(k.d)
    FROM (
      SELECT r.company_id, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days) AS eta_delta_ceil, shipment_health_floor(r.eta_delta_days) AS eta_delta_floor, shipment_health_ceil(r.days_in_tsp) AS days_in_tsp, shipment_health_ceil(r.days_in_tsp_planned_initial) AS days_in_tsp_planned_initial, shipment_health_ceil(r.days_in_tsp_planned_last) AS days_in_tsp_planned_last, shipment_health_ceil(r.days_in_pol_planned_initial) AS days_in_pol_planned_initial, shipment_health_ceil(r.days_in_pol_planned_last) AS days_in_pol_planned_last, shipment_health_ceil(r.days_in_pod_planned_initial) AS days_in_pod_planned_initial, shipment_health_ceil(r.days_in_pod_planned_last) AS days_in_pod_planned_last, shipment_health_ceil(r.discrepancy_eta_at_pod) AS discrepancy_eta_at_pod, shipment_health_ceil(r.discrepancy_eta_at_dlv) AS discrepancy_eta_at_dlv, 1 AS d FROM new_rows r
      UNION ALL
      SELECT r.company_id, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), -1 FROM old_rows r
    ) k
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 HAVING sum(k.d) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    ON CONFLICT (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER shipments_health_counts_ins AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_health_counts_sync();
CREATE TRIGGER shipments_health_counts_upd AFTER UPDATE ON shipments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_health_counts_sync();
CREATE TRIGGER shipments_health_counts_del AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_health_counts_sync();

-- Recounts everything (after bulk loads made with triggers disabled).
CREATE FUNCTION shipment_health_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM shipment_health_counts;
  INSERT INTO shipment_health_counts (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, n)
  SELECT s.company_id, s.hidden, s.alert_codes, shipment_health_ceil(s.eta_delta_days), shipment_health_floor(s.eta_delta_days), shipment_health_ceil(s.days_in_tsp), shipment_health_ceil(s.days_in_tsp_planned_initial), shipment_health_ceil(s.days_in_tsp_planned_last), shipment_health_ceil(s.days_in_pol_planned_initial), shipment_health_ceil(s.days_in_pol_planned_last), shipment_health_ceil(s.days_in_pod_planned_initial), shipment_health_ceil(s.days_in_pod_planned_last), shipment_health_ceil(s.discrepancy_eta_at_pod), shipment_health_ceil(s.discrepancy_eta_at_dlv), count(*)
  FROM shipments s GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14;
$$;

-- Backfill for rows that existed before this migration.
UPDATE shipments s SET request_status = r.status FROM tracking_requests r WHERE r.id = s.tracking_request_id;
SELECT shipments_sync_alert_codes(ARRAY(SELECT DISTINCT shipment_id FROM alert_events));
SELECT shipment_health_counts_rebuild();

-- Indexes for the list filters, orderings, counts and the map.
CREATE INDEX shipments_company_request_status_idx ON shipments (company_id, request_status, carrier_id) INCLUDE (hidden);
CREATE INDEX shipments_company_carrier_idx ON shipments (company_id, carrier_id, id DESC);
CREATE INDEX shipments_company_ata_idx ON shipments (company_id, ata);
CREATE INDEX shipments_company_atd_idx ON shipments (company_id, atd);
CREATE INDEX shipments_company_dtd_idx ON shipments (company_id, dtd);
CREATE INDEX shipments_company_pol_departure_idx ON shipments (company_id, pol_departure);
CREATE INDEX shipments_company_pod_arrival_idx ON shipments (company_id, pod_arrival);
CREATE INDEX shipments_company_client_code_idx ON shipments (company_id, client_code);
CREATE INDEX shipments_search_trgm_idx ON shipments USING gin (search_text gin_trgm_ops);
CREATE INDEX shipments_vessel_ids_idx ON shipments USING gin (vessel_ids);
-- Visible shipments with an alert: the "attention required" candidates by alert code.
CREATE INDEX shipments_company_alerted_idx ON shipments (company_id) INCLUDE (alert_codes)
  WHERE alert_codes <> '{}' AND NOT hidden;
-- The map: active visible shipments with a last position, by POD.
CREATE INDEX shipments_company_map_idx ON shipments (company_id, pod_loc_id, pol_loc_id)
  WHERE last_coordinates IS NOT NULL AND lifecycle_status = 'active' AND NOT hidden;
CREATE INDEX alert_events_shipment_walltime_idx ON alert_events (shipment_id, walltime DESC);
CREATE INDEX shipment_events_event_idx ON shipment_events (carrier_event_id);
