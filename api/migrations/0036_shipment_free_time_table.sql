-- The derived free-time data moves off shipments into a narrow table. Shipments rows are wide and carry some
-- 40 indexes, so every rewrite of a container's clocks (a rule change recomputes a whole company) was a non-HOT
-- update touching all of them. Here a rewrite touches one row with two indexes, and shipments is written only
-- when free_time_lfd (the running clock's last free day, which the list filters and sorts on) changes.
-- A row exists only for a container with clocks (a rule fits it or its carrier sent a last free day).
CREATE TABLE shipment_free_time (
  shipment_id bigint PRIMARY KEY REFERENCES shipments (id) ON DELETE CASCADE,
  -- Copied from the shipment (never changes) so BI can read one company's rows without joining shipments.
  company_id integer NOT NULL,
  rule_id integer REFERENCES free_time_rules (id) ON DELETE SET NULL,
  -- The clocks as derived: {mode, currency, day_count, rule_id, demurrage: {...}, detention: {...}} (domain/free-time).
  free_time jsonb NOT NULL,
  -- Cost accrued as of computed_on, in currency (BI sums these).
  demurrage_cost numeric(12, 2),
  detention_cost numeric(12, 2),
  currency char(3),
  computed_on date NOT NULL
) WITH (fillfactor = 70); -- room on each page so a rewrite stays on its page (HOT: no index entries written)

CREATE INDEX shipment_free_time_company_idx ON shipment_free_time (company_id);
-- free_time_rules rows are deleted with ON DELETE SET NULL here: without an index that would scan the table.
CREATE INDEX shipment_free_time_rule_idx ON shipment_free_time (rule_id) WHERE rule_id IS NOT NULL;

-- The list reuses a page while the company's data version holds (0017): what it shows from here (clocks, costs)
-- counts as a change of the company, as a write of its shipments does.
CREATE TRIGGER shipment_free_time_data_changed_ins AFTER INSERT ON shipment_free_time
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_rows_data_changed();
CREATE TRIGGER shipment_free_time_data_changed_upd AFTER UPDATE ON shipment_free_time
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_rows_data_changed();
CREATE TRIGGER shipment_free_time_data_changed_del AFTER DELETE ON shipment_free_time
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_rows_data_changed();

INSERT INTO shipment_free_time
  (shipment_id, company_id, rule_id, free_time, demurrage_cost, detention_cost, currency, computed_on)
SELECT id, company_id, free_time_rule_id, free_time, demurrage_cost, detention_cost, free_time_currency,
  coalesce(free_time_computed_on, CURRENT_DATE)
FROM shipments
WHERE free_time IS NOT NULL;

ALTER TABLE shipments
  DROP COLUMN free_time_rule_id,
  DROP COLUMN free_time,
  DROP COLUMN demurrage_cost,
  DROP COLUMN detention_cost,
  DROP COLUMN free_time_currency,
  DROP COLUMN free_time_computed_on;
