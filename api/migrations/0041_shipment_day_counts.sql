-- The dashboard's day-based counts without scanning shipments: visible shipments per company and UTC day of
-- creation (kind 'c': "created in the last 7 days") and per last free day of the running clock (kind 'f': over
-- free time, ending within the user's warning days), kept by statement-level triggers as shipment_health_counts
-- (0005). On ten million shipments those counts read 63,000 and 120,000 index entries a call (17 and 16 ms, the
-- second in three processes); from here they sum a few hundred rows, plus the partial first day of the week.
-- An update that changes none of company, hidden, creation time or last free day nets to nothing here.
CREATE TABLE shipment_day_counts (
  company_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('c', 'f')),
  day date NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (company_id, kind, day)
);

-- The day rows one shipment counts in: its creation day and its last free day, when visible.
CREATE FUNCTION shipment_day_keys(company integer, is_hidden boolean, created timestamptz, lfd date)
RETURNS TABLE (company_id integer, kind text, day date) LANGUAGE sql IMMUTABLE AS $$
  SELECT company, 'c'::text, (created AT TIME ZONE 'UTC')::date WHERE NOT is_hidden
  UNION ALL
  SELECT company, 'f'::text, lfd WHERE NOT is_hidden AND lfd IS NOT NULL
$$;

CREATE FUNCTION shipments_day_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shipment_day_counts AS c (company_id, kind, day, n)
    SELECT k.company_id, k.kind, k.day, count(*)
    FROM new_rows r, shipment_day_keys(r.company_id, r.hidden, r.created_at, r.free_time_lfd) k
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, kind, day) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO shipment_day_counts AS c (company_id, kind, day, n)
    SELECT k.company_id, k.kind, k.day, -count(*)
    FROM old_rows r, shipment_day_keys(r.company_id, r.hidden, r.created_at, r.free_time_lfd) k
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, kind, day) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO shipment_day_counts AS c (company_id, kind, day, n)
    SELECT k.company_id, k.kind, k.day, sum(k.d)
    FROM (
      SELECT x.company_id, x.kind, x.day, 1 AS d
      FROM new_rows r, shipment_day_keys(r.company_id, r.hidden, r.created_at, r.free_time_lfd) x
      UNION ALL
      SELECT x.company_id, x.kind, x.day, -1
      FROM old_rows r, shipment_day_keys(r.company_id, r.hidden, r.created_at, r.free_time_lfd) x
    ) k
    GROUP BY 1, 2, 3 HAVING sum(k.d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, kind, day) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER shipments_day_counts_ins AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_day_counts_sync();
CREATE TRIGGER shipments_day_counts_upd AFTER UPDATE ON shipments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_day_counts_sync();
CREATE TRIGGER shipments_day_counts_del AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_day_counts_sync();

-- From the shipments as they are (this migration; the benchmarks' bulk load, which bypasses the triggers).
CREATE FUNCTION shipment_day_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM shipment_day_counts;
  INSERT INTO shipment_day_counts (company_id, kind, day, n)
  SELECT k.company_id, k.kind, k.day, count(*)
  FROM shipments s, shipment_day_keys(s.company_id, s.hidden, s.created_at, s.free_time_lfd) k
  GROUP BY 1, 2, 3;
$$;

SELECT shipment_day_counts_rebuild();
