-- The BI rollup triggers of 0012 made cheap for the tracking engine's writes, with exactly the same rollup contents.
-- Measured on a million-shipment database, each UPDATE of shipments spent most of its trigger time in three places:
--
-- 1. bi_day_bucket counted the bounds with a subquery, so the planner could not inline it: every fact computed ran
--    it as a separate SQL-function query (twice per fact, four facts per updated row to find out whether its facts
--    changed). The same count without a subquery inlines into bi_shipment_fact and into the trigger's query:
--    width_bucket over the bounds with 0 in front is 0 for days < 0 (NULL here, as before) and otherwise 1 + the
--    number of bounds <= days, NULL for NULL days. Equal to the old body for ascending bounds, which every caller
--    passes (the constants of bi_shipment_fact, LEAD_BOUNDS of services/bi/catalogue.ts).
-- 2. bi_rollup_add was a LANGUAGE sql function whose INSERT ... GROUPING SETS ... ON CONFLICT was parsed and planned
--    again on every call (SQL functions keep no plan between calls); in PL/pgSQL the plan is cached per session.
-- 3. The UPDATE branch computed every fact of the old and new rows several times (in two joins' conditions and
--    outputs). It now pairs the old and new version of each row once (FULL JOIN on id, which also covers rows
--    whose id changed), computes each version's fact once, and keeps only the pairs whose facts differ (as before:
--    an UPDATE of columns the fact does not read adds nothing to the rollup and never touches its rows, now for
--    the price of two facts per row).
-- The rest is the first use of the trigger in each database session (planning its two statements, about a third of
-- what it was), paid again whenever the pool opens a new connection.

CREATE OR REPLACE FUNCTION bi_day_bucket(days numeric, bounds numeric[]) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (nullif(width_bucket(days, array_prepend(0::numeric, bounds)), 0) - 1)::smallint
$$;

CREATE OR REPLACE FUNCTION bi_rollup_add(facts bi_fact[], signs integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
  -- Rows in key order, so that concurrent writers lock the rollup rows they share in the same order.
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
END $$;

CREATE OR REPLACE FUNCTION bi_rollup_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facts bi_fact[];
  signs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(bi_shipment_fact(r)), array_agg(1) INTO facts, signs FROM new_rows r WHERE NOT r.hidden;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(bi_shipment_fact(r)), array_agg(-1) INTO facts, signs FROM old_rows r WHERE NOT r.hidden;
  ELSE
    -- Each row's old and new fact (NULL when that version is hidden or absent, i.e. its id changed); a pair whose
    -- facts are equal (most engine updates) adds nothing, otherwise the old fact is taken away and the new one added.
    SELECT array_agg(v.fact), array_agg(v.g) INTO facts, signs
    FROM (
      SELECT NOT o.hidden AS old_counts, NOT n.hidden AS new_counts,
             CASE WHEN NOT o.hidden THEN bi_shipment_fact(o) END AS old_fact,
             CASE WHEN NOT n.hidden THEN bi_shipment_fact(n) END AS new_fact
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    ) d
    CROSS JOIN LATERAL (VALUES (d.old_counts, d.old_fact, -1), (d.new_counts, d.new_fact, 1)) AS v(counts, fact, g)
    WHERE d.old_fact IS DISTINCT FROM d.new_fact AND v.counts;
  END IF;
  IF facts IS NOT NULL THEN
    PERFORM bi_rollup_add(facts, signs);
  END IF;
  RETURN NULL;
END $$;
