-- Webhook events for the milestones an ERP books on, beside shipment.milestone_actual_set (which still comes for
-- every milestone, first, so a receiver of both sees the generic event before the specific one):
--   shipment.vessel_departed   pol_vessel_departure_actual   the vessel of the first leg
--   shipment.vessel_arrived    pod_vessel_arrival_actual     the vessel of the leg into the POD
--   shipment.discharged        pod_discharge_actual          the vessel of the leg into the POD
--   shipment.gate_out_full     pod_departure_actual          (no vessel)
--   shipment.empty_returned    empty_return_actual           (no vessel)
-- Each is written when its actual is first set or changes, with data {milestone, location {locode, name}, actual,
-- previous_actual} and, for the three vessel events, vessel {name, imo} and voyage (null when not known).
-- The free-time types (shipment.free_time_approaching/passed/changed) are written by the free-time module through
-- webhook_emit; nothing here.
--
-- The shipments trigger stays as cheap as before for the engine, which writes all day: the company test comes
-- first, and the vessel lookup runs only for an actual that changed.

-- An endpoint may now subscribe to every type (13 today, with room for more).
ALTER TABLE webhook_endpoints DROP CONSTRAINT IF EXISTS webhook_endpoints_events_check;
ALTER TABLE webhook_endpoints
  ADD CONSTRAINT webhook_endpoints_events_check CHECK (cardinality(events) BETWEEN 1 AND 40);

-- The vessel and voyage of leg `p_leg` of a shipment (as jsonb), null fields when unknown. Legs run from the POL
-- through the transshipments to the POD, numbered from 1.
CREATE FUNCTION webhook_leg(p_row jsonb, p_leg integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'vessel', (SELECT jsonb_build_object('name', v.name, 'imo', v.imo)
               FROM vessels v WHERE v.id = (p_row ->> ('leg' || p_leg || '_vessel_id'))::integer),
    'voyage', p_row ->> ('leg' || p_leg || '_voyage'))
$$;

-- The data of a milestone event: the generic milestone data, plus the leg's vessel and voyage for the vessel
-- events. The leg into the POD is the one after the last transshipment port the shipment has.
CREATE FUNCTION webhook_milestone_event_data(p_row jsonb, p_milestone text, p_base jsonb) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_milestone = 'pol_vessel_departure' THEN p_base || webhook_leg(p_row, 1)
    WHEN p_milestone IN ('pod_vessel_arrival', 'pod_discharge') THEN p_base || webhook_leg(p_row,
      1 + (p_row ->> 'tsp1_loc_id' IS NOT NULL)::integer + (p_row ->> 'tsp2_loc_id' IS NOT NULL)::integer
        + (p_row ->> 'tsp3_loc_id' IS NOT NULL)::integer + (p_row ->> 'tsp4_loc_id' IS NOT NULL)::integer)
    ELSE p_base END
$$;

-- The ETA events of a shipment update (as in 0016_webhooks.sql), apart so the trigger stays short.
CREATE FUNCTION webhook_shipment_eta_events(p_new shipments, p_old shipments) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_new.eta IS NOT NULL AND p_new.eta IS DISTINCT FROM p_old.eta THEN
    PERFORM webhook_emit(p_new.company_id, 'shipment.eta_changed', p_new.tracking_request_id, p_new.id,
      jsonb_build_object(
        'location', 'POD',
        'place', webhook_location(p_new.pod_loc_id),
        'old', p_old.eta,
        'new', p_new.eta,
        'delta_hours', round((extract(epoch FROM p_new.eta - p_old.eta) / 3600)::numeric, 2),
        'delta_days', round((extract(epoch FROM p_new.eta - p_old.eta) / 86400)::numeric, 2)));
  END IF;
  IF p_new.delivery_planned_last IS NOT NULL AND p_new.delivery_planned_last IS DISTINCT FROM p_old.delivery_planned_last THEN
    PERFORM webhook_emit(p_new.company_id, 'shipment.eta_changed', p_new.tracking_request_id, p_new.id,
      jsonb_build_object(
        'location', 'DLV',
        'place', webhook_location(p_new.dlv_loc_id),
        'old', p_old.delivery_planned_last,
        'new', p_new.delivery_planned_last,
        'delta_hours', round((extract(epoch FROM p_new.delivery_planned_last - p_old.delivery_planned_last) / 3600)::numeric, 2),
        'delta_days', round((extract(epoch FROM p_new.delivery_planned_last - p_old.delivery_planned_last) / 86400)::numeric, 2)));
  END IF;
END $$;

-- Shipments: created, milestone actual dates set (generic, then the specific event of the five above), ETA at
-- POD / DLV changed. As in 0016_webhooks.sql but for the specific milestone events.
CREATE OR REPLACE FUNCTION webhook_shipment_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  milestones text[] := ARRAY[
    'origin_pickup', 'empty_pickup', 'pol_arrival', 'pol_loaded', 'pol_discharge', 'pol_vessel_departure',
    'tsp1_vessel_arrival', 'tsp1_discharge', 'tsp1_loaded', 'tsp1_vessel_departure',
    'tsp2_vessel_arrival', 'tsp2_discharge', 'tsp2_loaded', 'tsp2_vessel_departure',
    'tsp3_vessel_arrival', 'tsp3_discharge', 'tsp3_loaded', 'tsp3_vessel_departure',
    'tsp4_vessel_arrival', 'tsp4_discharge', 'tsp4_loaded', 'tsp4_vessel_departure',
    'pod_vessel_arrival', 'pod_discharge', 'pod_departure', 'delivery', 'empty_return',
    'lif_arrival', 'lif_departure'];
  m text;
  loc_column text;
  specific text;
  n jsonb;
  o jsonb;
  base jsonb;
  new_actual text;
  old_actual text;
BEGIN
  IF NOT webhook_company_listens(NEW.company_id) THEN
    RETURN NULL;
  END IF;
  n := to_jsonb(NEW);
  IF TG_OP = 'INSERT' THEN
    o := '{}'::jsonb;
    PERFORM webhook_emit(NEW.company_id, 'shipment.created', NEW.tracking_request_id, NEW.id, '{}'::jsonb);
  ELSE
    o := to_jsonb(OLD);
  END IF;
  FOREACH m IN ARRAY milestones LOOP
    new_actual := n ->> (m || '_actual');
    old_actual := o ->> (m || '_actual');
    IF new_actual IS NOT NULL AND new_actual IS DISTINCT FROM old_actual THEN
      loc_column := CASE
        WHEN m = 'origin_pickup' THEN 'origin_loc_id'
        WHEN m = 'empty_pickup' THEN 'empty_pickup_loc_id'
        WHEN m LIKE 'pol\_%' THEN 'pol_loc_id'
        WHEN m LIKE 'tsp_\_%' THEN substr(m, 1, 4) || '_loc_id'
        WHEN m LIKE 'pod\_%' THEN 'pod_loc_id'
        WHEN m = 'delivery' THEN 'dlv_loc_id'
        WHEN m = 'empty_return' THEN 'empty_return_loc_id'
        ELSE 'lif_loc_id' END;
      base := jsonb_build_object(
        'milestone', m,
        'location', webhook_location((n ->> loc_column)::integer),
        'actual', (new_actual)::timestamptz,
        'previous_actual', (old_actual)::timestamptz);
      PERFORM webhook_emit(NEW.company_id, 'shipment.milestone_actual_set', NEW.tracking_request_id, NEW.id, base);
      specific := CASE m
        WHEN 'pol_vessel_departure' THEN 'shipment.vessel_departed'
        WHEN 'pod_vessel_arrival' THEN 'shipment.vessel_arrived'
        WHEN 'pod_discharge' THEN 'shipment.discharged'
        WHEN 'pod_departure' THEN 'shipment.gate_out_full'
        WHEN 'empty_return' THEN 'shipment.empty_returned' END;
      IF specific IS NOT NULL THEN
        PERFORM webhook_emit(NEW.company_id, specific, NEW.tracking_request_id, NEW.id,
          webhook_milestone_event_data(n, m, base));
      END IF;
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    PERFORM webhook_shipment_eta_events(NEW, OLD);
  END IF;
  RETURN NULL;
END $$;
