-- Business intelligence (mfe-bi, api/src/services/bi): a monthly rollup of the visible shipments per company and
-- month of creation (UTC), at three grains: 'full' (carrier, POL, POD), 'carrier' (POL and POD NULL) and 'lane'
-- (carrier NULL), plus 'carrier_day' (per carrier and UTC day, for the edges of a date range), so the History evaluation and Shipments metrics answer from a few hundred or thousand rows
-- instead of a million shipments (the query picks the smallest grain that has its groups and filters). Kept by statement-level triggers on shipments (like
-- shipment_health_counts of 0005): every writer of shipments keeps it right without knowing about it.
--
-- bi_shipment_fact(s) is the one definition of what a shipment adds to the rollup; the BI queries use the same
-- function on the shipments themselves for the days of a date range that do not cover a whole month.
--
-- Bulk loads made with triggers disabled must call bi_shipment_rollup_rebuild() afterwards.

CREATE TYPE bi_fact AS (
  company_id integer,
  carrier_id integer,
  pol_loc_id integer,
  pod_loc_id integer,
  month date,
  n integer,               -- containers
  arrived integer,         -- with an actual arrival at POD (ata)
  punct_n integer,         -- arrived and with an initial plan of the POD arrival
  on_time integer,         -- of those, arrived no later than 1 day after the initial plan
  delay_sum numeric,       -- sum of (ata - initial plan) in days over punct_n
  transit_n integer,       -- arrived with an actual transit time
  transit_sum numeric,
  transit_planned_n integer,
  transit_planned_sum numeric,
  rolled integer,          -- visible alert 901 (rolled over)
  vessel_changes integer,  -- visible alert 904 (vessel change)
  dwell smallint,          -- storage days at POD bucket (0..5) or NULL
  pred_bucket smallint,    -- days-before-arrival bucket (0..5) of the last prediction, or NULL
  pred_err numeric,        -- |predicted - ata| in days for that prediction
  day date                 -- the UTC day of creation (grain carrier_day)
);

-- Buckets: dwell days at POD [0,1) [1,3) [3,5) [5,7) [7,14) [14,∞); days before arrival of a prediction
-- [0,1) [1,3) [3,7) [7,14) [14,30) [30,∞) (src/services/bi/catalogue.ts names them).
CREATE FUNCTION bi_day_bucket(days numeric, bounds numeric[]) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN days IS NULL OR days < 0 THEN NULL
              ELSE (SELECT count(*)::smallint FROM unnest(bounds) b WHERE days >= b) END
$$;

CREATE FUNCTION bi_shipment_fact(s shipments) RETURNS bi_fact LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT ROW(
    s.company_id, s.carrier_id, s.pol_loc_id, s.pod_loc_id,
    date_trunc('month', s.created_at AT TIME ZONE 'UTC')::date,
    1,
    (s.ata IS NOT NULL)::int,
    (s.ata IS NOT NULL AND s.pod_vessel_arrival_planned_initial IS NOT NULL)::int,
    (s.ata IS NOT NULL AND s.pod_vessel_arrival_planned_initial IS NOT NULL
       AND s.ata <= s.pod_vessel_arrival_planned_initial + interval '1 day')::int,
    CASE WHEN s.ata IS NOT NULL AND s.pod_vessel_arrival_planned_initial IS NOT NULL
      THEN round((extract(epoch FROM s.ata - s.pod_vessel_arrival_planned_initial) / 86400)::numeric, 4) ELSE 0 END,
    (s.ata IS NOT NULL AND s.transit_time IS NOT NULL)::int,
    CASE WHEN s.ata IS NOT NULL THEN coalesce(s.transit_time, 0) ELSE 0 END,
    (s.transit_time_planned IS NOT NULL)::int,
    coalesce(s.transit_time_planned, 0),
    (901 = ANY (s.alert_codes))::int,
    (904 = ANY (s.alert_codes))::int,
    bi_day_bucket(s.storage_days_at_pod, ARRAY[1, 3, 5, 7, 14]::numeric[]),
    CASE WHEN s.ata IS NOT NULL AND s.pod_vslarrival_prediction ? 'predicted' AND s.pod_vslarrival_prediction ? 'created'
      THEN bi_day_bucket(round((extract(epoch FROM s.ata - (s.pod_vslarrival_prediction->>'created')::timestamptz) / 86400)::numeric, 4),
                         ARRAY[1, 3, 7, 14, 30]::numeric[]) END,
    CASE WHEN s.ata IS NOT NULL AND s.pod_vslarrival_prediction ? 'predicted' AND s.pod_vslarrival_prediction ? 'created'
      THEN round(abs(extract(epoch FROM (s.pod_vslarrival_prediction->>'predicted')::timestamptz - s.ata) / 86400)::numeric, 4) END,
    (s.created_at AT TIME ZONE 'UTC')::date
  )::bi_fact
$$;

CREATE TABLE bi_shipment_rollup (
  company_id integer NOT NULL,
  grain text NOT NULL CHECK (grain IN ('full', 'carrier', 'lane', 'carrier_day')),
  -- The month (the day for grain carrier_day).
  carrier_id integer,
  pol_loc_id integer,
  pod_loc_id integer,
  month date NOT NULL,
  n bigint NOT NULL DEFAULT 0,
  arrived bigint NOT NULL DEFAULT 0,
  punct_n bigint NOT NULL DEFAULT 0,
  on_time bigint NOT NULL DEFAULT 0,
  delay_sum numeric NOT NULL DEFAULT 0,
  transit_n bigint NOT NULL DEFAULT 0,
  transit_sum numeric NOT NULL DEFAULT 0,
  transit_planned_n bigint NOT NULL DEFAULT 0,
  transit_planned_sum numeric NOT NULL DEFAULT 0,
  rolled bigint NOT NULL DEFAULT 0,
  vessel_changes bigint NOT NULL DEFAULT 0,
  -- Counts per dwell bucket and, per prediction bucket, count and sum of absolute errors (6 each).
  dwell bigint[] NOT NULL DEFAULT '{0,0,0,0,0,0}',
  pred_n bigint[] NOT NULL DEFAULT '{0,0,0,0,0,0}',
  pred_err numeric[] NOT NULL DEFAULT '{0,0,0,0,0,0}'
);

CREATE UNIQUE INDEX bi_shipment_rollup_key ON bi_shipment_rollup
  (company_id, grain, month, carrier_id, pol_loc_id, pod_loc_id) NULLS NOT DISTINCT;

-- Adds (sign 1) or removes (sign -1) the facts of the visible rows of a transition table, grouped.
CREATE FUNCTION bi_rollup_add(facts bi_fact[], signs integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO bi_shipment_rollup AS r (company_id, grain, carrier_id, pol_loc_id, pod_loc_id, month, n, arrived, punct_n,
    on_time, delay_sum, transit_n, transit_sum, transit_planned_n, transit_planned_sum, rolled, vessel_changes,
    dwell, pred_n, pred_err)
  SELECT f.company_id, CASE WHEN GROUPING(f.day) = 0 THEN 'carrier_day' WHEN GROUPING(f.carrier_id) = 1 THEN 'lane'
                           WHEN GROUPING(f.pol_loc_id) = 1 THEN 'carrier' ELSE 'full' END,
         f.carrier_id, f.pol_loc_id, f.pod_loc_id, coalesce(f.day, f.month),
         sum(f.g * f.n), sum(f.g * f.arrived), sum(f.g * f.punct_n), sum(f.g * f.on_time), sum(f.g * f.delay_sum),
         sum(f.g * f.transit_n), sum(f.g * f.transit_sum), sum(f.g * f.transit_planned_n), sum(f.g * f.transit_planned_sum),
         sum(f.g * f.rolled), sum(f.g * f.vessel_changes),
         ARRAY[coalesce(sum(f.g) FILTER (WHERE f.dwell = 0), 0), coalesce(sum(f.g) FILTER (WHERE f.dwell = 1), 0), coalesce(sum(f.g) FILTER (WHERE f.dwell = 2), 0), coalesce(sum(f.g) FILTER (WHERE f.dwell = 3), 0), coalesce(sum(f.g) FILTER (WHERE f.dwell = 4), 0), coalesce(sum(f.g) FILTER (WHERE f.dwell = 5), 0)],
         ARRAY[coalesce(sum(f.g) FILTER (WHERE f.pred_bucket = 0), 0), coalesce(sum(f.g) FILTER (WHERE f.pred_bucket = 1), 0), coalesce(sum(f.g) FILTER (WHERE f.pred_bucket = 2), 0), coalesce(sum(f.g) FILTER (WHERE f.pred_bucket = 3), 0), coalesce(sum(f.g) FILTER (WHERE f.pred_bucket = 4), 0), coalesce(sum(f.g) FILTER (WHERE f.pred_bucket = 5), 0)],
         ARRAY[coalesce(sum(f.g * f.pred_err) FILTER (WHERE f.pred_bucket = 0), 0), coalesce(sum(f.g * f.pred_err) FILTER (WHERE f.pred_bucket = 1), 0), coalesce(sum(f.g * f.pred_err) FILTER (WHERE f.pred_bucket = 2), 0), coalesce(sum(f.g * f.pred_err) FILTER (WHERE f.pred_bucket = 3), 0), coalesce(sum(f.g * f.pred_err) FILTER (WHERE f.pred_bucket = 4), 0), coalesce(sum(f.g * f.pred_err) FILTER (WHERE f.pred_bucket = 5), 0)]
  FROM unnest(facts, signs) AS f(company_id, carrier_id, pol_loc_id, pod_loc_id, month, n, arrived, punct_n, on_time, delay_sum, transit_n, transit_sum, transit_planned_n, transit_planned_sum, rolled, vessel_changes, dwell, pred_bucket, pred_err, day, g)
  GROUP BY GROUPING SETS ((f.company_id, f.month, f.carrier_id, f.pol_loc_id, f.pod_loc_id),
                          (f.company_id, f.month, f.carrier_id), (f.company_id, f.month, f.pol_loc_id, f.pod_loc_id),
                          (f.company_id, f.day, f.carrier_id))
  ORDER BY 1, 2, 6, 3, 4, 5
  ON CONFLICT (company_id, grain, month, carrier_id, pol_loc_id, pod_loc_id) DO UPDATE SET
    n = r.n + excluded.n, arrived = r.arrived + excluded.arrived, punct_n = r.punct_n + excluded.punct_n,
    on_time = r.on_time + excluded.on_time, delay_sum = r.delay_sum + excluded.delay_sum,
    transit_n = r.transit_n + excluded.transit_n, transit_sum = r.transit_sum + excluded.transit_sum,
    transit_planned_n = r.transit_planned_n + excluded.transit_planned_n,
    transit_planned_sum = r.transit_planned_sum + excluded.transit_planned_sum,
    rolled = r.rolled + excluded.rolled, vessel_changes = r.vessel_changes + excluded.vessel_changes,
    dwell = ARRAY(SELECT a + b FROM unnest(r.dwell, excluded.dwell) AS z(a, b)),
    pred_n = ARRAY(SELECT a + b FROM unnest(r.pred_n, excluded.pred_n) AS z(a, b)),
    pred_err = ARRAY(SELECT a + b FROM unnest(r.pred_err, excluded.pred_err) AS z(a, b));
$$;

CREATE FUNCTION bi_rollup_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facts bi_fact[];
  signs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(bi_shipment_fact(r)), array_agg(1) INTO facts, signs FROM new_rows r WHERE NOT r.hidden;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(bi_shipment_fact(r)), array_agg(-1) INTO facts, signs FROM old_rows r WHERE NOT r.hidden;
  ELSE
    -- Only the rows whose facts changed (most engine updates touch nothing the rollup counts).
    SELECT array_agg(x.fact), array_agg(x.g) INTO facts, signs FROM (
      SELECT bi_shipment_fact(o) AS fact, -1 AS g
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE NOT o.hidden AND (n.hidden OR bi_shipment_fact(o) IS DISTINCT FROM bi_shipment_fact(n))
      UNION ALL
      SELECT bi_shipment_fact(n), 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE NOT n.hidden AND (o.hidden OR bi_shipment_fact(o) IS DISTINCT FROM bi_shipment_fact(n))
      UNION ALL
      -- Rows whose id changed (never done by the portal, kept exact anyway).
      SELECT bi_shipment_fact(o), -1 FROM old_rows o WHERE NOT o.hidden AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id)
      UNION ALL
      SELECT bi_shipment_fact(n), 1 FROM new_rows n WHERE NOT n.hidden AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id)
    ) x;
  END IF;
  IF facts IS NOT NULL THEN
    PERFORM bi_rollup_add(facts, signs);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER shipments_bi_rollup_ins AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bi_rollup_sync();
CREATE TRIGGER shipments_bi_rollup_upd AFTER UPDATE ON shipments
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bi_rollup_sync();
CREATE TRIGGER shipments_bi_rollup_del AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bi_rollup_sync();

-- Recounts everything (after bulk loads made with triggers disabled).
CREATE FUNCTION bi_shipment_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bi_shipment_rollup;
  INSERT INTO bi_shipment_rollup (company_id, grain, carrier_id, pol_loc_id, pod_loc_id, month, n, arrived, punct_n,
    on_time, delay_sum, transit_n, transit_sum, transit_planned_n, transit_planned_sum, rolled, vessel_changes,
    dwell, pred_n, pred_err)
  SELECT f.company_id, CASE WHEN GROUPING(f.day) = 0 THEN 'carrier_day' WHEN GROUPING(f.carrier_id) = 1 THEN 'lane'
                           WHEN GROUPING(f.pol_loc_id) = 1 THEN 'carrier' ELSE 'full' END,
         f.carrier_id, f.pol_loc_id, f.pod_loc_id, coalesce(f.day, f.month), sum(f.n), sum(f.arrived), sum(f.punct_n),
         sum(f.on_time), sum(f.delay_sum), sum(f.transit_n), sum(f.transit_sum), sum(f.transit_planned_n),
         sum(f.transit_planned_sum), sum(f.rolled), sum(f.vessel_changes),
         ARRAY[count(*) FILTER (WHERE f.dwell = 0), count(*) FILTER (WHERE f.dwell = 1), count(*) FILTER (WHERE f.dwell = 2),
               count(*) FILTER (WHERE f.dwell = 3), count(*) FILTER (WHERE f.dwell = 4), count(*) FILTER (WHERE f.dwell = 5)],
         ARRAY[count(*) FILTER (WHERE f.pred_bucket = 0), count(*) FILTER (WHERE f.pred_bucket = 1),
               count(*) FILTER (WHERE f.pred_bucket = 2), count(*) FILTER (WHERE f.pred_bucket = 3),
               count(*) FILTER (WHERE f.pred_bucket = 4), count(*) FILTER (WHERE f.pred_bucket = 5)],
         ARRAY[coalesce(sum(f.pred_err) FILTER (WHERE f.pred_bucket = 0), 0), coalesce(sum(f.pred_err) FILTER (WHERE f.pred_bucket = 1), 0),
               coalesce(sum(f.pred_err) FILTER (WHERE f.pred_bucket = 2), 0), coalesce(sum(f.pred_err) FILTER (WHERE f.pred_bucket = 3), 0),
               coalesce(sum(f.pred_err) FILTER (WHERE f.pred_bucket = 4), 0), coalesce(sum(f.pred_err) FILTER (WHERE f.pred_bucket = 5), 0)]
  FROM shipments s, LATERAL bi_shipment_fact(s) AS f
  WHERE NOT s.hidden
  GROUP BY GROUPING SETS ((f.company_id, f.month, f.carrier_id, f.pol_loc_id, f.pod_loc_id),
                          (f.company_id, f.month, f.carrier_id), (f.company_id, f.month, f.pol_loc_id, f.pod_loc_id),
                          (f.company_id, f.day, f.carrier_id));
END $$;

SELECT bi_shipment_rollup_rebuild();
ANALYZE bi_shipment_rollup;

-- Real-time metrics read the active visible shipments of a company (a few percent of them): this index covers
-- what they filter, group and sort by (the list filters, the health inputs of services/health.ts, the dates a
-- container stopped at), so they are answered by index-only scans; the table pages then read 30 rows.
CREATE INDEX IF NOT EXISTS bi_shipments_active_idx ON shipments (company_id, status)
  INCLUDE (id, carrier_id, pol_loc_id, pod_loc_id, created_at, dta, alert_codes, eta_delta_days, days_in_tsp,
           days_in_tsp_planned_initial, days_in_tsp_planned_last, days_in_pol_planned_initial, days_in_pol_planned_last,
           days_in_pod_planned_initial, days_in_pod_planned_last, discrepancy_eta_at_pod, discrepancy_eta_at_dlv,
           pol_arrival_actual, pol_loaded_actual, tsp1_vessel_arrival_actual, tsp2_vessel_arrival_actual,
           tsp3_vessel_arrival_actual, tsp4_vessel_arrival_actual, pod_vessel_arrival_actual, ata, hidden, lifecycle_status)
  WHERE lifecycle_status = 'active' AND NOT hidden;
-- Carrier ETA history of the ETA accuracy metric.
CREATE INDEX IF NOT EXISTS bi_milestone_changes_eta_idx ON milestone_date_changes (shipment_id, changed_at)
  WHERE field = 'eta';
