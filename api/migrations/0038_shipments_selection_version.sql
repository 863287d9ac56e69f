-- A version of which shipments a company has, apart from what they say: shipments_selection_version(company)
-- moves with every committed insert or delete of the company's shipments, with every update that changes a
-- column the list's "selection" filters read (company, carrier, project, hidden, POL, POD, the search text, the
-- vessels), and with every change of the company or of everything (ports and vessels: the search matches their
-- names). An update of anything else (ETAs, statuses, positions, alert codes: nearly every write of the tracking
-- engine) leaves it as it is. The count of a list filtered by search, carrier, project, POL or POD only is reused
-- under it: a search's count scans the company's matching rows (about 250 ms of CPU for 130,000 matches of a
-- million shipments), and under the company's data version every write threw it away.
-- Each shipment change row now says whether it moved the selection; folding keeps one row per carrier and kind,
-- so the company's, each carrier's and the selection's sums are all kept. Rows written before (and the
-- company-wide and global ones) count as moving it.

ALTER TABLE shipment_data_changes ADD COLUMN selection boolean NOT NULL DEFAULT true;

CREATE FUNCTION shipments_selection_version(company integer) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(weight), 0)::bigint FROM shipment_data_changes
  WHERE company_id IS NULL OR (company_id = company AND selection)
$$;

-- As in 0037, with `selections`: whether the change at the same place moved the selection (null or absent: it did).
DROP FUNCTION shipment_data_changed(integer[], integer[]);
CREATE FUNCTION shipment_data_changed(companies integer[], carriers integer[] DEFAULT NULL,
  selections boolean[] DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(companies, 1), 0) LOOP
    INSERT INTO shipment_data_changes (company_id, carrier_id, selection)
    VALUES (companies[i], carriers[i], coalesce(selections[i], true));
    IF random() < 0.02 AND pg_try_advisory_xact_lock(hashtext('shipment_data_changes'), coalesce(companies[i], 0)) THEN
      WITH gone AS (
        DELETE FROM shipment_data_changes WHERE company_id IS NOT DISTINCT FROM companies[i]
        RETURNING carrier_id, selection, weight
      )
      INSERT INTO shipment_data_changes (company_id, carrier_id, selection, weight)
      SELECT companies[i], carrier_id, selection, sum(weight) FROM gone GROUP BY carrier_id, selection;
    END IF;
  END LOOP;
END $$;

-- An update adds, per (company, carrier) it touched, whether any of its rows there moved the selection.
CREATE OR REPLACE FUNCTION shipments_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  companies integer[];
  carriers integer[];
  selections boolean[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(carrier_id) INTO companies, carriers
    FROM (SELECT DISTINCT company_id, carrier_id FROM new_rows) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(carrier_id) INTO companies, carriers
    FROM (SELECT DISTINCT company_id, carrier_id FROM old_rows) x;
  ELSE
    WITH pairs AS (
      SELECT o.company_id AS old_company, o.carrier_id AS old_carrier, n.company_id, n.carrier_id,
        o.id IS NULL OR n.id IS NULL
          OR (o.company_id, o.carrier_id, o.project_id, o.hidden, o.pol_loc_id, o.pod_loc_id, o.search_text, o.vessel_ids)
            IS DISTINCT FROM
             (n.company_id, n.carrier_id, n.project_id, n.hidden, n.pol_loc_id, n.pod_loc_id, n.search_text, n.vessel_ids)
          AS moved
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    )
    SELECT array_agg(company_id), array_agg(carrier_id), array_agg(moved) INTO companies, carriers, selections
    FROM (
      SELECT company_id, carrier_id, bool_or(moved) AS moved FROM (
        SELECT company_id, carrier_id, moved FROM pairs WHERE company_id IS NOT NULL
        UNION ALL
        SELECT old_company, old_carrier, moved FROM pairs WHERE old_company IS NOT NULL
      ) t GROUP BY company_id, carrier_id
    ) x;
  END IF;
  PERFORM shipment_data_changed(companies, carriers, selections);
  RETURN NULL;
END $$;
