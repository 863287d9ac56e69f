-- Covering indexes. The typical shipments list (request status + carrier, ordered by ETA): the page's ids are
-- then found by an index-only scan (the list's filter-first subquery reads only id, the sort keys and hidden).
CREATE INDEX IF NOT EXISTS shipments_company_status_carrier_eta_idx
  ON shipments (company_id, request_status, carrier_id, eta) INCLUDE (hidden, id);

-- The dashboard's "created in the last 7 days" count (and last_n_days) by an index-only scan: the created_at
-- index gains hidden (it replaces shipments_company_created_idx of 0002, same keys).
CREATE INDEX IF NOT EXISTS shipments_company_created_hidden_idx
  ON shipments (company_id, created_at) INCLUDE (hidden);
DROP INDEX IF EXISTS shipments_company_created_idx;
