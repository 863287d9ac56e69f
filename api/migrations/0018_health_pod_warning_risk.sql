-- The user's POD time-of-arrival warning risk (user_profiles.pod_timeofarrival_warning_risk: Low = 1, High = 2)
-- in health: a shipment whose POD arrival warning has a risk at or above the user's setting needs
-- attention ('alerted'), as the e-mail digest already does with email_pod_timeofarrival_warning_risk.
--   shipments.pod_warning_risk   the warning's risk as an integer (pod_timeofarrival_warning->>'risk'; null when
--                                absent or not a number), kept by a trigger (a plain column: no table rewrite);
--   shipment_health_counts gains it as one more dimension, so the dashboard counts and the health-only list
--   counts follow the setting in constant time as before.

ALTER TABLE shipments ADD COLUMN pod_warning_risk smallint;

CREATE FUNCTION shipment_warning_risk(w jsonb) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT CASE WHEN (w->>'risk') ~ '^-?\d{1,4}$' THEN (w->>'risk')::smallint END $$;

CREATE FUNCTION shipments_set_warning_risk() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.pod_warning_risk := shipment_warning_risk(NEW.pod_timeofarrival_warning);
  RETURN NEW;
END $$;

CREATE TRIGGER shipments_warning_risk BEFORE INSERT OR UPDATE OF pod_timeofarrival_warning, pod_warning_risk
  ON shipments FOR EACH ROW EXECUTE FUNCTION shipments_set_warning_risk();

UPDATE shipments SET pod_warning_risk = shipment_warning_risk(pod_timeofarrival_warning)
WHERE pod_timeofarrival_warning ? 'risk';

ALTER TABLE shipment_health_counts ADD COLUMN pod_warning_risk integer;
DROP INDEX shipment_health_counts_key;
CREATE UNIQUE INDEX shipment_health_counts_key ON shipment_health_counts (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk) NULLS NOT DISTINCT;

CREATE OR REPLACE FUNCTION shipments_health_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shipment_health_counts AS c (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk, n)
    SELECT r.company_id, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), r.pod_warning_risk, count(*)
    FROM new_rows r GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    ON CONFLICT (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shipment_health_counts AS c (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk, n)
    SELECT r.company_id, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), r.pod_warning_risk, -count(*)
    FROM old_rows r GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    ON CONFLICT (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO shipment_health_counts AS c (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk, n)
    SELECT k.company_id, k.hidden, k.alert_codes, k.eta_delta_ceil, k.eta_delta_floor, k.days_in_tsp, k.days_in_tsp_planned_initial, k.days_in_tsp_planned_last, k.days_in_pol_planned_initial, k.days_in_pol_planned_last, k.days_in_pod_planned_initial, k.days_in_pod_planned_last, k.discrepancy_eta_at_pod, k.discrepancy_eta_at_dlv, k.pod_warning_risk, sum(k.d)
    FROM (
      SELECT r.company_id AS company_id, r.hidden AS hidden, r.alert_codes AS alert_codes, shipment_health_ceil(r.eta_delta_days) AS eta_delta_ceil, shipment_health_floor(r.eta_delta_days) AS eta_delta_floor, shipment_health_ceil(r.days_in_tsp) AS days_in_tsp, shipment_health_ceil(r.days_in_tsp_planned_initial) AS days_in_tsp_planned_initial, shipment_health_ceil(r.days_in_tsp_planned_last) AS days_in_tsp_planned_last, shipment_health_ceil(r.days_in_pol_planned_initial) AS days_in_pol_planned_initial, shipment_health_ceil(r.days_in_pol_planned_last) AS days_in_pol_planned_last, shipment_health_ceil(r.days_in_pod_planned_initial) AS days_in_pod_planned_initial, shipment_health_ceil(r.days_in_pod_planned_last) AS days_in_pod_planned_last, shipment_health_ceil(r.discrepancy_eta_at_pod) AS discrepancy_eta_at_pod, shipment_health_ceil(r.discrepancy_eta_at_dlv) AS discrepancy_eta_at_dlv, r.pod_warning_risk AS pod_warning_risk, 1 AS d FROM new_rows r
      UNION ALL
      SELECT r.company_id, r.hidden, r.alert_codes, shipment_health_ceil(r.eta_delta_days), shipment_health_floor(r.eta_delta_days), shipment_health_ceil(r.days_in_tsp), shipment_health_ceil(r.days_in_tsp_planned_initial), shipment_health_ceil(r.days_in_tsp_planned_last), shipment_health_ceil(r.days_in_pol_planned_initial), shipment_health_ceil(r.days_in_pol_planned_last), shipment_health_ceil(r.days_in_pod_planned_initial), shipment_health_ceil(r.days_in_pod_planned_last), shipment_health_ceil(r.discrepancy_eta_at_pod), shipment_health_ceil(r.discrepancy_eta_at_dlv), r.pod_warning_risk, -1 FROM old_rows r
    ) k
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 HAVING sum(k.d) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    ON CONFLICT (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION shipment_health_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM shipment_health_counts;
  INSERT INTO shipment_health_counts (company_id, hidden, alert_codes, eta_delta_ceil, eta_delta_floor, days_in_tsp, days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last, days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv, pod_warning_risk, n)
  SELECT s.company_id, s.hidden, s.alert_codes, shipment_health_ceil(s.eta_delta_days), shipment_health_floor(s.eta_delta_days), shipment_health_ceil(s.days_in_tsp), shipment_health_ceil(s.days_in_tsp_planned_initial), shipment_health_ceil(s.days_in_tsp_planned_last), shipment_health_ceil(s.days_in_pol_planned_initial), shipment_health_ceil(s.days_in_pol_planned_last), shipment_health_ceil(s.days_in_pod_planned_initial), shipment_health_ceil(s.days_in_pod_planned_last), shipment_health_ceil(s.discrepancy_eta_at_pod), shipment_health_ceil(s.discrepancy_eta_at_dlv), s.pod_warning_risk, count(*)
  FROM shipments s GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15;
$$;

SELECT shipment_health_counts_rebuild();
