-- Which shipments each transaction wrote, and where they stood in ETA order: a list page kept from an earlier
-- data version (services/shipments/list-cache.ts) is still the page when no transaction its snapshot did not see
-- wrote one of its rows or a shipment that sorts at or before its last row, before or after the write. Then the
-- page is served again without reading its ids (a deep page of one carrier's delayed shipments walks some 900
-- index entries for them); otherwise it is revalidated as before.
--
-- One row per side of each written shipment (the row before and after, one when they agree), under the company,
-- the carrier and the ETA of that side, with the writing transaction's id: a change is "not seen" by a snapshot
-- when pg_visible_in_snapshot says so, whenever it commits.
CREATE TABLE shipment_changes (
  company_id integer NOT NULL,
  carrier_id integer,
  shipment_id bigint NOT NULL,
  eta timestamptz,
  -- pg_current_xact_id() as a number (xid8 has no arithmetic); cast back with ::text::xid8.
  xid bigint NOT NULL DEFAULT pg_current_xact_id()::text::bigint,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX shipment_changes_idx ON shipment_changes (company_id, carrier_id, xid);
CREATE INDEX shipment_changes_at_idx ON shipment_changes (at);

-- Every change of a transaction with an id below `horizon` may have been deleted: a page whose snapshot does not
-- see every such transaction (its xmin is lower) cannot be checked here and is revalidated instead.
CREATE TABLE shipment_changes_horizon (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  horizon bigint NOT NULL
);
INSERT INTO shipment_changes_horizon (horizon) VALUES (pg_current_xact_id()::text::bigint + 1);

-- Drops the changes older than ten minutes (a kept page older than that is revalidated: list-cache.ts), moving
-- the horizon past them first. One caller at a time; the others skip.
CREATE FUNCTION shipment_changes_trim() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  newest bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(20432, 0) THEN
    RETURN;
  END IF;
  SELECT max(xid) INTO newest FROM shipment_changes WHERE at < clock_timestamp() - interval '10 minutes';
  IF newest IS NULL THEN
    RETURN;
  END IF;
  UPDATE shipment_changes_horizon SET horizon = greatest(horizon, newest + 1);
  DELETE FROM shipment_changes WHERE xid <= newest;
END $$;

CREATE FUNCTION shipments_changes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shipment_changes (company_id, carrier_id, shipment_id, eta)
    SELECT company_id, carrier_id, id, eta FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shipment_changes (company_id, carrier_id, shipment_id, eta)
    SELECT company_id, carrier_id, id, eta FROM old_rows;
  ELSE
    INSERT INTO shipment_changes (company_id, carrier_id, shipment_id, eta)
    SELECT company_id, carrier_id, id, eta FROM new_rows
    UNION
    SELECT company_id, carrier_id, id, eta FROM old_rows;
  END IF;
  -- About one statement in 500 trims the log, so that it stays bounded whoever writes.
  IF random() < 0.002 THEN
    PERFORM shipment_changes_trim();
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER shipments_changes_ins AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_changes_sync();
CREATE TRIGGER shipments_changes_upd AFTER UPDATE ON shipments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_changes_sync();
CREATE TRIGGER shipments_changes_del AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_changes_sync();

-- The lists of every carrier of a company (no carrier filter) look the company's changes up by transaction.
CREATE INDEX shipment_changes_company_xid_idx ON shipment_changes (company_id, xid);
