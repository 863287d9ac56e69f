-- Speed of the shipments list on a million shipments .
--
-- 1. A data version per company, so the API can reuse what it computed (list counts, the ids and text of a page,
--    the dashboard counts) for as long as nothing they depend on has changed, and never after:
--    shipments_data_version(company) = the sum of `weight` in shipment_data_changes for the company plus the
--    global rows (company_id null). Every statement that writes shipments adds one row per company it touched
--    (statement-level triggers; the alert_events and tracking_requests triggers write shipments, so they count);
--    writes to carriers, locations and vessels (names the list shows, sorts and searches by) add a global row;
--    companies and projects (the default form, project names) add a row for their company. Rows are only ever
--    added by writers (no row lock shared between writers, so no new waits or deadlocks), and folded into one
--    row per company now and then (same sum, in the folding writer's transaction). Read in any snapshot, the
--    sum only grows with each committed writing transaction: equal versions mean equal data.
-- 2. An index for the list filtered by carrier and an ETA range (and ordered by ETA): the existing
--    (company_id, request_status, carrier_id, eta) index cannot bound the range without a status, so such a
--    request walked all the company's entries (a carrier + ETA range ordered by ETA: 200 ms), reading each shipment's row.

CREATE TABLE shipment_data_changes (
  company_id integer,
  weight bigint NOT NULL DEFAULT 1
);
CREATE INDEX shipment_data_changes_company_idx ON shipment_data_changes (company_id);

CREATE FUNCTION shipments_data_version(company integer) RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(weight), 0)::bigint FROM shipment_data_changes
  WHERE company_id = company OR company_id IS NULL
$$;

-- Adds one change for each company of `companies` (null: every company), then folds the company's rows into one
-- when they are many (under a transaction-level advisory lock, skipped when another writer holds it).
CREATE FUNCTION shipment_data_changed(companies integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c integer;
  n bigint;
BEGIN
  FOREACH c IN ARRAY companies LOOP
    INSERT INTO shipment_data_changes (company_id) VALUES (c);
    IF random() < 0.02 AND pg_try_advisory_xact_lock(hashtext('shipment_data_changes'), coalesce(c, 0)) THEN
      WITH gone AS (
        DELETE FROM shipment_data_changes WHERE company_id IS NOT DISTINCT FROM c RETURNING weight
      )
      SELECT sum(weight) INTO n FROM gone;
      IF n IS NOT NULL THEN
        INSERT INTO shipment_data_changes (company_id, weight) VALUES (c, n);
      END IF;
    END IF;
  END LOOP;
END $$;

CREATE FUNCTION shipments_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM shipment_data_changed(ARRAY(SELECT DISTINCT company_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM shipment_data_changed(ARRAY(SELECT DISTINCT company_id FROM old_rows));
  ELSE
    PERFORM shipment_data_changed(ARRAY(SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER shipments_data_changed_ins AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_data_changed();
CREATE TRIGGER shipments_data_changed_upd AFTER UPDATE ON shipments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_data_changed();
CREATE TRIGGER shipments_data_changed_del AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_data_changed();

-- TRUNCATE and the shared reference tables: a global change.
CREATE FUNCTION shipments_data_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shipment_data_changed(ARRAY[NULL::integer]);
  RETURN NULL;
END $$;

CREATE TRIGGER shipments_data_changed_truncate AFTER TRUNCATE ON shipments
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_data_changed_all();
CREATE TRIGGER carriers_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carriers
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_data_changed_all();
CREATE TRIGGER locations_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_data_changed_all();
CREATE TRIGGER vessels_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vessels
  FOR EACH STATEMENT EXECUTE FUNCTION shipments_data_changed_all();

-- Companies (the default custom form) and projects (names): a change of that company.
CREATE FUNCTION company_rows_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM shipment_data_changed(ARRAY(SELECT id FROM old_rows));
    ELSE
      PERFORM shipment_data_changed(ARRAY(SELECT id FROM new_rows));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM shipment_data_changed(ARRAY(SELECT DISTINCT company_id FROM old_rows));
  ELSE
    PERFORM shipment_data_changed(ARRAY(SELECT DISTINCT company_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER companies_data_changed_upd AFTER UPDATE ON companies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_rows_data_changed();
CREATE TRIGGER companies_data_changed_del AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_rows_data_changed();
CREATE TRIGGER projects_data_changed_ins AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_rows_data_changed();
CREATE TRIGGER projects_data_changed_upd AFTER UPDATE ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_rows_data_changed();
CREATE TRIGGER projects_data_changed_del AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_rows_data_changed();

-- A carrier + ETA range, ordered by ETA: the index carries hidden and the health inputs of the usual
-- thresholds (alert codes, the ETA's delta to the initial plan, days in transshipment), so the count and the
-- page's ids of such a filter, health tab included, are an index-only scan.
CREATE INDEX IF NOT EXISTS shipments_company_carrier_eta_idx ON shipments (company_id, carrier_id, eta)
  INCLUDE (hidden, alert_codes, eta_delta_days, days_in_tsp, id);

-- Deep pages ordered by ETA (page 1,000 of 'ordering=-eta'): the page's ids are found by
-- walking this index; with id (the tie-break, so no re-sort) and hidden in it, the 30,000 entries before the page
-- are skipped without reading the rows (an index-only scan). It replaces shipments_company_eta_idx of 0002.
CREATE INDEX IF NOT EXISTS shipments_company_eta_id_idx ON shipments (company_id, eta, id) INCLUDE (hidden);
DROP INDEX IF EXISTS shipments_company_eta_idx;
