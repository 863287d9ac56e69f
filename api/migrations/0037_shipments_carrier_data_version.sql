-- A data version per company and carrier, so a write to one shipment keeps the reused list answers (0017) of the
-- company's other carriers: a list of one carrier (the portal's carrier filter, each carrier's tabs) is reused
-- under shipments_data_version(company, carrier), which moves with every committed write to a shipment of that
-- carrier (its old or its new carrier) and with every change of the company or of everything (carrier null:
-- forms, projects, free time, carriers, ports, vessels); other lists keep the company's version, the sum of all.
-- A shipment's change now adds a row (company, carrier) per carrier it touched; folding keeps one row per
-- carrier, so both sums are kept.

ALTER TABLE shipment_data_changes ADD COLUMN carrier_id integer;

CREATE FUNCTION shipments_data_version(company integer, carrier integer) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(weight), 0)::bigint FROM shipment_data_changes
  WHERE company_id IS NULL OR (company_id = company AND (carrier_id IS NULL OR carrier_id = carrier))
$$;

-- Adds one change for each company of `companies` (null: every company), of the carrier at the same place of
-- `carriers` (null or absent: of all its carriers), then now and then folds the company's rows into one per
-- carrier (under a transaction-level advisory lock, skipped when another writer holds it).
DROP FUNCTION shipment_data_changed(integer[]);
CREATE FUNCTION shipment_data_changed(companies integer[], carriers integer[] DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(companies, 1), 0) LOOP
    INSERT INTO shipment_data_changes (company_id, carrier_id) VALUES (companies[i], carriers[i]);
    IF random() < 0.02 AND pg_try_advisory_xact_lock(hashtext('shipment_data_changes'), coalesce(companies[i], 0)) THEN
      WITH gone AS (
        DELETE FROM shipment_data_changes WHERE company_id IS NOT DISTINCT FROM companies[i]
        RETURNING carrier_id, weight
      )
      INSERT INTO shipment_data_changes (company_id, carrier_id, weight)
      SELECT companies[i], carrier_id, sum(weight) FROM gone GROUP BY carrier_id;
    END IF;
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION shipments_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  companies integer[];
  carriers integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(carrier_id) INTO companies, carriers
    FROM (SELECT DISTINCT company_id, carrier_id FROM new_rows) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(carrier_id) INTO companies, carriers
    FROM (SELECT DISTINCT company_id, carrier_id FROM old_rows) x;
  ELSE
    SELECT array_agg(company_id), array_agg(carrier_id) INTO companies, carriers
    FROM (SELECT company_id, carrier_id FROM new_rows UNION SELECT company_id, carrier_id FROM old_rows) x;
  END IF;
  PERFORM shipment_data_changed(companies, carriers);
  RETURN NULL;
END $$;
