-- List counts that do not scan: the number of shipments per company, carrier, tracking-request status, hidden
-- flag and health inputs, kept by statement-level triggers on shipments like shipment_health_counts (migrations
-- 0005, 0018; same integer health inputs, so the caller's thresholds apply to each group). A list filtered by
-- carrier, status and health only (the portal's usual filters, the dashboard tabs per carrier) is counted by
-- summing the company's groups of those carriers and statuses instead of counting the matching shipments
-- (100,000 index entries for one carrier of a million-shipment company). A separate table: the health-only
-- counts keep reading the fewer, coarser groups of shipment_health_counts.
CREATE TABLE shipment_list_counts (
  company_id integer NOT NULL,
  carrier_id integer NOT NULL,
  request_status text,
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
  pod_warning_risk integer,
  n bigint NOT NULL
);
CREATE UNIQUE INDEX shipment_list_counts_key ON shipment_list_counts (company_id, carrier_id, request_status, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk) NULLS NOT DISTINCT;

CREATE FUNCTION shipments_list_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shipment_list_counts AS c (company_id, carrier_id, request_status, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk, n)
    SELECT r.company_id, r.carrier_id, r.request_status, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), r.pod_warning_risk, count(*)
    FROM new_rows r GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    ON CONFLICT (company_id, carrier_id, request_status, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shipment_list_counts AS c (company_id, carrier_id, request_status, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk, n)
    SELECT r.company_id, r.carrier_id, r.request_status, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), r.pod_warning_risk, -count(*)
    FROM old_rows r GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    ON CONFLICT (company_id, carrier_id, request_status, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO shipment_list_counts AS c (company_id, carrier_id, request_status, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk, n)
    SELECT k.company_id, k.carrier_id, k.request_status, k.hidden, k.alert_codes, k.eta_delta_ceil, k.eta_delta_floor, k.days_in_tsp, k.days_in_tsp_planned_initial, k.days_in_tsp_planned_last, k.days_in_pol_planned_initial, k.days_in_pol_planned_last, k.days_in_pod_planned_initial, k.days_in_pod_planned_last, k.discrepancy_eta_at_pod, k.discrepancy_eta_at_dlv, k.pod_warning_risk, sum(k.d)
    FROM (
      SELECT r.company_id AS company_id, r.carrier_id AS carrier_id, r.request_status AS request_status, r.hidden AS hidden, r.alert_codes AS alert_codes, shipment_health_ceil(r.eta_delta_days) AS eta_delta_ceil, shipment_health_floor(r.eta_delta_days) AS eta_delta_floor, shipment_health_ceil(r.days_in_tsp) AS days_in_tsp, shipment_health_ceil(r.days_in_tsp_planned_initial) AS days_in_tsp_planned_initial, shipment_health_ceil(r.days_in_tsp_planned_last) AS days_in_tsp_planned_last, shipment_health_ceil(r.days_in_pol_planned_initial) AS days_in_pol_planned_initial, shipment_health_ceil(r.days_in_pol_planned_last) AS days_in_pol_planned_last, shipment_health_ceil(r.days_in_pod_planned_initial) AS days_in_pod_planned_initial, shipment_health_ceil(r.days_in_pod_planned_last) AS days_in_pod_planned_last, shipment_health_ceil(r.discrepancy_eta_at_pod) AS discrepancy_eta_at_pod, shipment_health_ceil(r.discrepancy_eta_at_dlv) AS discrepancy_eta_at_dlv, r.pod_warning_risk AS pod_warning_risk, 1 AS d FROM new_rows r
      UNION ALL
      SELECT r.company_id, r.carrier_id, r.request_status, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), r.pod_warning_risk, -1 FROM old_rows r
    ) k
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 HAVING sum(k.d) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    ON CONFLICT (company_id, carrier_id, request_status, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER shipments_list_counts_ins AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_list_counts_sync();
CREATE TRIGGER shipments_list_counts_upd AFTER UPDATE ON shipments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_list_counts_sync();
CREATE TRIGGER shipments_list_counts_del AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_list_counts_sync();

-- Recounts everything (after bulk loads made with triggers disabled).
CREATE FUNCTION shipment_list_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM shipment_list_counts;
  INSERT INTO shipment_list_counts (company_id, carrier_id, request_status, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk, n)
  SELECT s.company_id, s.carrier_id, s.request_status, s.hidden, s.alert_codes, shipment_health_ceil(s.eta_delta_days), shipment_health_floor(s.eta_delta_days), shipment_health_ceil(s.days_in_tsp), shipment_health_ceil(s.days_in_tsp_planned_initial), shipment_health_ceil(s.days_in_tsp_planned_last), shipment_health_ceil(s.days_in_pol_planned_initial), shipment_health_ceil(s.days_in_pol_planned_last), shipment_health_ceil(s.days_in_pod_planned_initial), shipment_health_ceil(s.days_in_pod_planned_last), shipment_health_ceil(s.discrepancy_eta_at_pod), shipment_health_ceil(s.discrepancy_eta_at_dlv), s.pod_warning_risk, count(*)
  FROM shipments s GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17;
$$;
SELECT shipment_list_counts_rebuild();
ANALYZE shipment_list_counts;
