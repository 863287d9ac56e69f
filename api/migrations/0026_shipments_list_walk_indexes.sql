-- The list of one carrier sorted by last update, whatever its health filter, read in index order: the page walks
-- (company_id, carrier_id, last_update) and stops after its rows, with the health inputs of the usual thresholds
-- (alert codes, ETA delta, days in transshipment, POD warning risk) in the index, so a health filter is decided
-- without reading the table (the same for ETA order: shipments_company_carrier_eta_idx, migration 0017).
CREATE INDEX shipments_company_carrier_last_update_idx ON shipments (company_id, carrier_id, last_update)
  INCLUDE (hidden, alert_codes, eta_delta_days, days_in_tsp, pod_warning_risk, id);
