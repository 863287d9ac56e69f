-- The log of shipment changes (0044) keeps both sides of each write in one row, with what a list's health and
-- ETA filters read on each side, so that a kept page is vouched for by where each written shipment stood in
-- the list before and after the write, not by its ETA alone (list-cache.ts, unchangedSince): a write that
-- leaves a shipment before the page, in or out of the list as it was, or that moves a shipment the list does not
-- show, leaves the page as it was. Before, any write to a shipment sorting at or before the page's last row
-- made the page be read again: for a deep page, most writes to its carrier.
--
-- One row per written shipment and statement: `o` / `n` say whether the side before / after the write exists
-- (an insert has no side before), `o_*` / `n_*` are the side's ETA and health inputs (the columns health.ts
-- reads, under the same names after the prefix), and `rest_same` is true when the sides agree on every other
-- column a list can be filtered by that the check compares (company, carrier, status, hidden, project, POL, POD
-- and what a search reads): then only the ETA and the health inputs can have moved the shipment in or out of
-- the list. A write that moves a shipment to another carrier is logged under both carriers.
DROP TABLE shipment_changes;
CREATE TABLE shipment_changes (
  company_id integer NOT NULL,
  carrier_id integer,
  shipment_id bigint NOT NULL,
  o boolean NOT NULL,
  n boolean NOT NULL,
  rest_same boolean NOT NULL,
  o_eta timestamptz,
  n_eta timestamptz,
  o_eta_delta_days numeric,
  n_eta_delta_days numeric,
  o_alert_codes integer[],
  n_alert_codes integer[],
  o_days_in_tsp numeric(8, 2),
  n_days_in_tsp numeric(8, 2),
  o_days_in_tsp_planned_initial numeric(8, 2),
  n_days_in_tsp_planned_initial numeric(8, 2),
  o_days_in_tsp_planned_last numeric(8, 2),
  n_days_in_tsp_planned_last numeric(8, 2),
  o_days_in_pol_planned_initial numeric(8, 2),
  n_days_in_pol_planned_initial numeric(8, 2),
  o_days_in_pol_planned_last numeric(8, 2),
  n_days_in_pol_planned_last numeric(8, 2),
  o_days_in_pod_planned_initial numeric(8, 2),
  n_days_in_pod_planned_initial numeric(8, 2),
  o_days_in_pod_planned_last numeric(8, 2),
  n_days_in_pod_planned_last numeric(8, 2),
  o_discrepancy_eta_at_pod numeric(8, 2),
  n_discrepancy_eta_at_pod numeric(8, 2),
  o_discrepancy_eta_at_dlv numeric(8, 2),
  n_discrepancy_eta_at_dlv numeric(8, 2),
  o_pod_warning_risk smallint,
  n_pod_warning_risk smallint,
  -- pg_current_xact_id() as a number (xid8 has no arithmetic); cast back with ::text::xid8.
  xid bigint NOT NULL DEFAULT pg_current_xact_id()::text::bigint,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX shipment_changes_idx ON shipment_changes (company_id, carrier_id, xid);
CREATE INDEX shipment_changes_company_xid_idx ON shipment_changes (company_id, xid);
CREATE INDEX shipment_changes_at_idx ON shipment_changes (at);

-- The rows logged before this migration are gone: a page whose snapshot does not see this transaction is
-- revalidated instead of checked.
UPDATE shipment_changes_horizon SET horizon = pg_current_xact_id()::text::bigint + 1;

CREATE OR REPLACE FUNCTION shipments_changes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shipment_changes (company_id, carrier_id, shipment_id, o, n, rest_same, n_eta, n_eta_delta_days,
      n_alert_codes, n_days_in_tsp, n_days_in_tsp_planned_initial, n_days_in_tsp_planned_last,
      n_days_in_pol_planned_initial, n_days_in_pol_planned_last, n_days_in_pod_planned_initial,
      n_days_in_pod_planned_last, n_discrepancy_eta_at_pod, n_discrepancy_eta_at_dlv, n_pod_warning_risk)
    SELECT r.company_id, r.carrier_id, r.id, false, true, true, r.eta, r.eta_delta_days, r.alert_codes,
      r.days_in_tsp, r.days_in_tsp_planned_initial, r.days_in_tsp_planned_last, r.days_in_pol_planned_initial,
      r.days_in_pol_planned_last, r.days_in_pod_planned_initial, r.days_in_pod_planned_last,
      r.discrepancy_eta_at_pod, r.discrepancy_eta_at_dlv, r.pod_warning_risk
    FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shipment_changes (company_id, carrier_id, shipment_id, o, n, rest_same, o_eta, o_eta_delta_days,
      o_alert_codes, o_days_in_tsp, o_days_in_tsp_planned_initial, o_days_in_tsp_planned_last,
      o_days_in_pol_planned_initial, o_days_in_pol_planned_last, o_days_in_pod_planned_initial,
      o_days_in_pod_planned_last, o_discrepancy_eta_at_pod, o_discrepancy_eta_at_dlv, o_pod_warning_risk)
    SELECT r.company_id, r.carrier_id, r.id, true, false, true, r.eta, r.eta_delta_days, r.alert_codes,
      r.days_in_tsp, r.days_in_tsp_planned_initial, r.days_in_tsp_planned_last, r.days_in_pol_planned_initial,
      r.days_in_pol_planned_last, r.days_in_pod_planned_initial, r.days_in_pod_planned_last,
      r.discrepancy_eta_at_pod, r.discrepancy_eta_at_dlv, r.pod_warning_risk
    FROM old_rows r;
  ELSE
    INSERT INTO shipment_changes (company_id, carrier_id, shipment_id, o, n, rest_same, o_eta, n_eta,
      o_eta_delta_days, n_eta_delta_days, o_alert_codes, n_alert_codes, o_days_in_tsp, n_days_in_tsp,
      o_days_in_tsp_planned_initial, n_days_in_tsp_planned_initial, o_days_in_tsp_planned_last,
      n_days_in_tsp_planned_last, o_days_in_pol_planned_initial, n_days_in_pol_planned_initial,
      o_days_in_pol_planned_last, n_days_in_pol_planned_last, o_days_in_pod_planned_initial,
      n_days_in_pod_planned_initial, o_days_in_pod_planned_last, n_days_in_pod_planned_last,
      o_discrepancy_eta_at_pod, n_discrepancy_eta_at_pod, o_discrepancy_eta_at_dlv, n_discrepancy_eta_at_dlv,
      o_pod_warning_risk, n_pod_warning_risk)
    SELECT k.company_id, k.carrier_id, o.id, true, true,
      (o.company_id, o.carrier_id, o.request_status, o.hidden, o.project_id, o.pol_loc_id, o.pod_loc_id,
        o.search_text, o.vessel_ids) IS NOT DISTINCT FROM
      (n.company_id, n.carrier_id, n.request_status, n.hidden, n.project_id, n.pol_loc_id, n.pod_loc_id,
        n.search_text, n.vessel_ids),
      o.eta, n.eta, o.eta_delta_days, n.eta_delta_days, o.alert_codes, n.alert_codes, o.days_in_tsp,
      n.days_in_tsp, o.days_in_tsp_planned_initial, n.days_in_tsp_planned_initial, o.days_in_tsp_planned_last,
      n.days_in_tsp_planned_last, o.days_in_pol_planned_initial, n.days_in_pol_planned_initial,
      o.days_in_pol_planned_last, n.days_in_pol_planned_last, o.days_in_pod_planned_initial,
      n.days_in_pod_planned_initial, o.days_in_pod_planned_last, n.days_in_pod_planned_last,
      o.discrepancy_eta_at_pod, n.discrepancy_eta_at_pod, o.discrepancy_eta_at_dlv, n.discrepancy_eta_at_dlv,
      o.pod_warning_risk, n.pod_warning_risk
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (SELECT DISTINCT * FROM (VALUES (o.company_id, o.carrier_id), (n.company_id, n.carrier_id))
      AS sides (company_id, carrier_id)) k;
  END IF;
  -- About one statement in 500 trims the log, so that it stays bounded whoever writes.
  IF random() < 0.002 THEN
    PERFORM shipment_changes_trim();
  END IF;
  RETURN NULL;
END $$;
