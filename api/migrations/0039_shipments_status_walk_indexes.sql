-- The list of one carrier and one request status (a carrier's "ongoing" tab), sorted by ETA or by last update,
-- whatever its health filter, read in index order like the carrier's whole list (0017, 0026): the page walks
-- (company_id, request_status, carrier_id, key) and stops after its rows, with the health inputs of the usual
-- thresholds in the index, instead of reading and sorting every entry of that carrier and status (9,000 of the
-- bench's ongoing shipments of one carrier: 15 to 30 ms a page, against well under one).
-- The ETA index of 0006 (same keys, without the health inputs) is replaced.
DROP INDEX IF EXISTS shipments_company_status_carrier_eta_idx;
CREATE INDEX shipments_company_status_carrier_eta_idx ON shipments (company_id, request_status, carrier_id, eta)
  INCLUDE (hidden, alert_codes, eta_delta_days, days_in_tsp, pod_warning_risk, id);
CREATE INDEX shipments_company_status_carrier_last_update_idx
  ON shipments (company_id, request_status, carrier_id, last_update)
  INCLUDE (hidden, alert_codes, eta_delta_days, days_in_tsp, pod_warning_risk, id);
