-- Counts of one health tab over an ETA range that do not grow with the company: per health profile (one distinct
-- set of a company's users' thresholds), carrier, UTC ETA week, hidden flag and the health those thresholds
-- give. The list of one carrier's delayed shipments from a date on reads the off-plan entries of that range
-- (9,200 on a million shipments, 92,000 on ten million); from here it sums the range's whole weeks (a few
-- hundred groups) and counts only the part-weeks at its ends in the index. The health is resolved per profile
-- when a shipment is written, so a group is one value, not the thousands of combinations of health inputs that
-- shipment_list_counts (0025) keeps for any thresholds.
--
-- A profile is added when a list first asks with its thresholds (services/health-profiles.ts) and answers once
-- built; until then, and for thresholds of companies at their profile limit, the list counts the shipments.
CREATE TABLE health_profiles (
  id serial PRIMARY KEY,
  company_id integer NOT NULL,
  -- The thresholds below as canonical text (one profile per company and set).
  key text NOT NULL,
  days_of_delay integer NOT NULL,
  days_in_advance integer NOT NULL,
  codes integer[] NOT NULL,
  max_days_in_tsp integer,
  max_days_in_tsp_planned_initial integer,
  max_days_in_tsp_planned_last integer,
  max_days_in_pol_planned_initial integer,
  max_days_in_pol_planned_last integer,
  max_days_in_pod_planned_initial integer,
  max_days_in_pod_planned_last integer,
  max_days_eta_pod_discrepancy integer,
  max_days_eta_dlv_discrepancy integer,
  pod_warning_risk integer,
  -- True once its counts hold every shipment; until then the triggers add their changes only.
  ready boolean NOT NULL DEFAULT false,
  -- Who builds it and since when (a build that died is taken over after a while).
  build_token uuid,
  build_started_at timestamptz,
  last_used_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, key)
);

-- Changes are appended, never added in place: a writer's transaction would otherwise keep each group row it
-- changed locked until it commits, and these groups are coarse (one carrier's week of one health), so writers
-- of one company would wait for each other and deadlock when two transactions change two groups in opposite
-- order. health_profile_counts_compact folds a profile's rows into one per group now and then. A group's count
-- is the sum of its rows.
--
-- No foreign key to health_profiles: a writer's trigger that read a profile just before it was dropped must not
-- fail the write; the rows it adds are orphans, removed with the next drop.
CREATE TABLE health_profile_counts (
  profile_id integer NOT NULL,
  carrier_id integer NOT NULL,
  -- Monday of the ETA's UTC week; '-infinity' for shipments without ETA.
  eta_week date NOT NULL,
  hidden boolean NOT NULL,
  health text NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX health_profile_counts_idx ON health_profile_counts (profile_id, carrier_id, eta_week, hidden, health)
  INCLUDE (n);

CREATE FUNCTION shipment_eta_week(eta timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(date_trunc('week', eta AT TIME ZONE 'UTC')::date, '-infinity'::date)
$$;

-- The health of shipment s for profile p: services/health.ts healthExpression on the shipment's own columns (a
-- null threshold or value never matches, as there), so the groups agree with counting the shipments.
CREATE FUNCTION health_profile_health(p health_profiles, s shipments) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN coalesce(s.alert_codes && p.codes
      OR s.days_in_tsp > p.max_days_in_tsp
      OR s.days_in_tsp_planned_initial > p.max_days_in_tsp_planned_initial
      OR s.days_in_tsp_planned_last > p.max_days_in_tsp_planned_last
      OR s.days_in_pol_planned_initial > p.max_days_in_pol_planned_initial
      OR s.days_in_pol_planned_last > p.max_days_in_pol_planned_last
      OR s.days_in_pod_planned_initial > p.max_days_in_pod_planned_initial
      OR s.days_in_pod_planned_last > p.max_days_in_pod_planned_last
      OR s.discrepancy_eta_at_pod > p.max_days_eta_pod_discrepancy
      OR s.discrepancy_eta_at_dlv > p.max_days_eta_dlv_discrepancy
      OR s.pod_warning_risk >= p.pod_warning_risk, false) THEN 'alerted'
    WHEN coalesce(s.eta_delta_days > p.days_of_delay OR s.eta_delta_days < p.days_in_advance, false) THEN 'delayed'
    ELSE 'ontrack'
  END
$$;

-- Every write of shipments holds this shared lock on each company it writes until it commits; a profile's build
-- takes it exclusively for an instant, so that its snapshot sees every write whose trigger ran without the
-- profile (services/health-profiles.ts). One lock per 64th of the companies (`bucket`: company_id % 64), not per
-- company: an update of the shipments of thousands of companies at once (a data migration, the daily refresh of
-- free time) then holds at most 64 locks, far from filling PostgreSQL's lock table.
CREATE FUNCTION health_profile_write_lock(bucket integer) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock_shared(20430, bucket)
$$;

CREATE FUNCTION shipments_profile_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM health_profile_write_lock(c) FROM (SELECT DISTINCT company_id % 64 AS c FROM new_rows ORDER BY 1) x;
    INSERT INTO health_profile_counts (profile_id, carrier_id, eta_week, hidden, health, n)
    SELECT p.id, r.carrier_id, shipment_eta_week(r.eta), r.hidden, health_profile_health(p, r), count(*)
    FROM new_rows r JOIN health_profiles p ON p.company_id = r.company_id
    GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM health_profile_write_lock(c) FROM (SELECT DISTINCT company_id % 64 AS c FROM old_rows ORDER BY 1) x;
    INSERT INTO health_profile_counts (profile_id, carrier_id, eta_week, hidden, health, n)
    SELECT p.id, r.carrier_id, shipment_eta_week(r.eta), r.hidden, health_profile_health(p, r), -count(*)
    FROM old_rows r JOIN health_profiles p ON p.company_id = r.company_id
    GROUP BY 1, 2, 3, 4, 5;
  ELSE
    PERFORM health_profile_write_lock(c)
    FROM (SELECT company_id % 64 AS c FROM new_rows UNION SELECT company_id % 64 FROM old_rows ORDER BY 1) x;
    INSERT INTO health_profile_counts (profile_id, carrier_id, eta_week, hidden, health, n)
    SELECT k.profile_id, k.carrier_id, k.eta_week, k.hidden, k.health, sum(k.d)
    FROM (
      SELECT p.id AS profile_id, r.carrier_id, shipment_eta_week(r.eta) AS eta_week, r.hidden,
        health_profile_health(p, r) AS health, 1 AS d
      FROM new_rows r JOIN health_profiles p ON p.company_id = r.company_id
      UNION ALL
      SELECT p.id, r.carrier_id, shipment_eta_week(r.eta), r.hidden, health_profile_health(p, r), -1
      FROM old_rows r JOIN health_profiles p ON p.company_id = r.company_id
    ) k
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(k.d) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER shipments_profile_counts_ins AFTER INSERT ON shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_profile_counts_sync();
CREATE TRIGGER shipments_profile_counts_upd AFTER UPDATE ON shipments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_profile_counts_sync();
CREATE TRIGGER shipments_profile_counts_del AFTER DELETE ON shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipments_profile_counts_sync();

-- The groups of one profile as its company's shipments are (in the caller's snapshot).
CREATE FUNCTION health_profile_groups(profile integer)
RETURNS TABLE (carrier_id integer, eta_week date, hidden boolean, health text, n bigint) LANGUAGE sql STABLE AS $$
  SELECT s.carrier_id, shipment_eta_week(s.eta), s.hidden, health_profile_health(p, s), count(*)
  FROM health_profiles p JOIN shipments s ON s.company_id = p.company_id
  WHERE p.id = profile
  GROUP BY 1, 2, 3, 4
$$;

-- Folds the rows of profile `profile` into one per group (groups of no shipment left out), when some group has
-- more than one row. One statement: a reader sees the rows before or after, the same sums; rows a writer has not
-- committed yet are not deleted, and two compactions at once each fold only the rows they deleted.
CREATE FUNCTION health_profile_counts_compact(profile integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM health_profile_counts WHERE profile_id = profile
                 GROUP BY carrier_id, eta_week, hidden, health HAVING count(*) > 1) THEN
    RETURN;
  END IF;
  WITH gone AS (DELETE FROM health_profile_counts WHERE profile_id = profile
                RETURNING carrier_id, eta_week, hidden, health, n)
  INSERT INTO health_profile_counts (profile_id, carrier_id, eta_week, hidden, health, n)
  SELECT profile, carrier_id, eta_week, hidden, health, sum(n) FROM gone GROUP BY 2, 3, 4, 5 HAVING sum(n) <> 0;
END $$;

-- Recounts every profile (after bulk loads made with triggers disabled; no writes may run meanwhile).
CREATE FUNCTION health_profile_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM health_profile_counts;
  INSERT INTO health_profile_counts (profile_id, carrier_id, eta_week, hidden, health, n)
  SELECT p.id, g.carrier_id, g.eta_week, g.hidden, g.health, g.n FROM health_profiles p, health_profile_groups(p.id) g;
  UPDATE health_profiles SET ready = true, build_token = NULL WHERE NOT ready;
$$;
