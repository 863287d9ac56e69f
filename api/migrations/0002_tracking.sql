-- The tracking engine's data: carriers, event codes, locations, vessels, tracking requests,
-- shipments, carrier events as received (and the rejected ones), alert events and the change
-- history of milestone dates. Ports are loaded from the `sea-ports` package by
-- src/tracking/reference-data.ts (run after the migrations, idempotent), not here.

-- Carriers and how to reach them. request_type_support is three flags (b_id, c_id, m_bl).
CREATE TABLE carriers (
  id serial PRIMARY KEY,
  official_name text NOT NULL,
  short_name text NOT NULL,
  scac varchar(4) NOT NULL UNIQUE CHECK (scac ~ '^[A-Z]{2,4}$'),
  oicode text,
  supports_b_id boolean NOT NULL DEFAULT false,
  supports_c_id boolean NOT NULL DEFAULT false,
  supports_m_bl boolean NOT NULL DEFAULT false,
  ctt_quality_note text NOT NULL DEFAULT '',
  ctt_quality_rank smallint CHECK (ctt_quality_rank BETWEEN 1 AND 5),
  -- DCSA Track & Trace endpoint (NULL: the built-in carrier network simulator).
  dcsa_base_url text,
  dcsa_api_version text NOT NULL DEFAULT '2.2.0',
  -- {"type": "bearer", "token": ...} | {"type": "basic", "username": ..., "password": ...} |
  -- {"type": "header", "name": ..., "value": ...}. Never returned by the API.
  dcsa_credentials jsonb,
  -- How the carrier answers an unknown reference: an empty list or a 404.
  dcsa_unknown_reference text NOT NULL DEFAULT 'empty' CHECK (dcsa_unknown_reference IN ('empty', '404')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO carriers (official_name, short_name, scac, oicode, supports_b_id, supports_c_id, supports_m_bl,
                      ctt_quality_note, ctt_quality_rank) VALUES
  ('A.P. Moller - Maersk', 'Maersk', 'MAEU', 'MAEU', true, true, true, 'Full DCSA coverage; events usually within the hour.', 5),
  ('Mediterranean Shipping Company', 'MSC', 'MSCU', 'MSCU', true, true, true, 'Good coverage; estimated times sometimes late.', 4),
  ('CMA CGM', 'CMA CGM', 'CMDU', 'CMDU', true, true, true, 'Good coverage.', 4),
  ('Hapag-Lloyd', 'Hapag-Lloyd', 'HLCU', 'HLCU', true, true, true, 'Full DCSA coverage.', 5),
  ('COSCO Shipping Lines', 'COSCO', 'COSU', 'COSU', true, true, true, 'Transshipment events occasionally missing.', 3),
  ('Ocean Network Express', 'ONE', 'ONEY', 'ONEY', true, true, true, 'Good coverage.', 4),
  ('Evergreen Marine', 'Evergreen', 'EGLV', 'EGLV', true, true, true,
   'Bookings and B/Ls are only tracked per container: container number submission is needed.', 3),
  ('Yang Ming Marine Transport', 'Yang Ming', 'YMLU', 'YMLU', false, true, true, 'No tracking by booking number.', 3),
  ('HMM', 'HMM', 'HDMU', 'HDMU', true, true, true, 'Good coverage.', 4),
  ('ZIM Integrated Shipping Services', 'ZIM', 'ZIMU', 'ZIMU', false, true, true,
   'B/L tracking needs the containers: container number submission is needed.', 2);

-- Event codes: the DCSA event types the engine stores and the portal's own alert codes.
CREATE TABLE event_codes (
  code integer PRIMARY KEY,
  code_name text NOT NULL UNIQUE,
  description text NOT NULL,
  description_es text NOT NULL,
  -- Checked once a day (e.g. "no carrier update for N days") rather than on every event.
  only_daily boolean NOT NULL DEFAULT false,
  category text NOT NULL CHECK (category IN ('equipment', 'transport', 'shipment', 'alert')),
  -- For DCSA codes: the eventType and type code they stand for.
  dcsa_event_type text CHECK (dcsa_event_type IN ('SHIPMENT', 'TRANSPORT', 'EQUIPMENT')),
  dcsa_type_code varchar(4),
  UNIQUE (dcsa_event_type, dcsa_type_code)
);

INSERT INTO event_codes (code, code_name, description, description_es, only_daily, category, dcsa_event_type, dcsa_type_code) VALUES
  (101, 'EQUIPMENT_LOAD', 'Loaded on the vessel', 'Cargado en el buque', false, 'equipment', 'EQUIPMENT', 'LOAD'),
  (102, 'EQUIPMENT_DISC', 'Discharged from the vessel', 'Descargado del buque', false, 'equipment', 'EQUIPMENT', 'DISC'),
  (103, 'EQUIPMENT_GTIN', 'Gated in', 'Entrada en terminal', false, 'equipment', 'EQUIPMENT', 'GTIN'),
  (104, 'EQUIPMENT_GTOT', 'Gated out', 'Salida de terminal', false, 'equipment', 'EQUIPMENT', 'GTOT'),
  (105, 'EQUIPMENT_STUF', 'Stuffed', 'Consolidado (llenado)', false, 'equipment', 'EQUIPMENT', 'STUF'),
  (106, 'EQUIPMENT_STRP', 'Stripped', 'Desconsolidado (vaciado)', false, 'equipment', 'EQUIPMENT', 'STRP'),
  (107, 'EQUIPMENT_PICK', 'Picked up', 'Recogido', false, 'equipment', 'EQUIPMENT', 'PICK'),
  (108, 'EQUIPMENT_DROP', 'Dropped off', 'Entregado', false, 'equipment', 'EQUIPMENT', 'DROP'),
  (109, 'EQUIPMENT_INSP', 'Inspected', 'Inspeccionado', false, 'equipment', 'EQUIPMENT', 'INSP'),
  (110, 'EQUIPMENT_RSEA', 'Resealed', 'Reprecintado', false, 'equipment', 'EQUIPMENT', 'RSEA'),
  (111, 'EQUIPMENT_RMVD', 'Removed', 'Retirado', false, 'equipment', 'EQUIPMENT', 'RMVD'),
  (201, 'TRANSPORT_ARRI', 'Vessel arrival', 'Llegada del buque', false, 'transport', 'TRANSPORT', 'ARRI'),
  (202, 'TRANSPORT_DEPA', 'Vessel departure', 'Salida del buque', false, 'transport', 'TRANSPORT', 'DEPA'),
  (301, 'SHIPMENT_RECE', 'Document received', 'Documento recibido', false, 'shipment', 'SHIPMENT', 'RECE'),
  (302, 'SHIPMENT_DRFT', 'Document drafted', 'Documento en borrador', false, 'shipment', 'SHIPMENT', 'DRFT'),
  (303, 'SHIPMENT_PENA', 'Pending approval', 'Pendiente de aprobación', false, 'shipment', 'SHIPMENT', 'PENA'),
  (304, 'SHIPMENT_PENU', 'Pending update', 'Pendiente de actualización', false, 'shipment', 'SHIPMENT', 'PENU'),
  (305, 'SHIPMENT_REJE', 'Document rejected', 'Documento rechazado', false, 'shipment', 'SHIPMENT', 'REJE'),
  (306, 'SHIPMENT_APPR', 'Document approved', 'Documento aprobado', false, 'shipment', 'SHIPMENT', 'APPR'),
  (307, 'SHIPMENT_ISSU', 'Document issued', 'Documento emitido', false, 'shipment', 'SHIPMENT', 'ISSU'),
  (308, 'SHIPMENT_SURR', 'Document surrendered', 'Documento entregado', false, 'shipment', 'SHIPMENT', 'SURR'),
  (309, 'SHIPMENT_SUBM', 'Document submitted', 'Documento presentado', false, 'shipment', 'SHIPMENT', 'SUBM'),
  (310, 'SHIPMENT_VOID', 'Document void', 'Documento anulado', false, 'shipment', 'SHIPMENT', 'VOID'),
  (311, 'SHIPMENT_CONF', 'Booking confirmed', 'Reserva confirmada', false, 'shipment', 'SHIPMENT', 'CONF'),
  (312, 'SHIPMENT_REQS', 'Requested', 'Solicitado', false, 'shipment', 'SHIPMENT', 'REQS'),
  (313, 'SHIPMENT_CMPL', 'Completed', 'Completado', false, 'shipment', 'SHIPMENT', 'CMPL'),
  (314, 'SHIPMENT_HOLD', 'On hold', 'Retenido', false, 'shipment', 'SHIPMENT', 'HOLD'),
  (315, 'SHIPMENT_RELS', 'Released', 'Liberado', false, 'shipment', 'SHIPMENT', 'RELS'),
  (901, 'ALERT_ROLLED_OVER', 'Rolled over: not loaded on the planned vessel', 'Roll-over: no cargado en el buque previsto', false, 'alert', NULL, NULL),
  (902, 'ALERT_ETA_POD_CHANGED', 'ETA at POD moved by {days} days', 'ETA en POD movida {days} días', false, 'alert', NULL, NULL),
  (903, 'ALERT_TSP_DWELL', 'Transshipment dwell over threshold', 'Estancia en transbordo por encima del umbral', false, 'alert', NULL, NULL),
  (904, 'ALERT_VESSEL_CHANGE', 'Vessel change', 'Cambio de buque', false, 'alert', NULL, NULL),
  (905, 'ALERT_PORT_OMITTED', 'Port omitted', 'Puerto omitido', false, 'alert', NULL, NULL),
  (906, 'ALERT_NO_CARRIER_UPDATE', 'No carrier update for {days} days', 'Sin actualización de la naviera en {days} días', true, 'alert', NULL, NULL),
  (907, 'ALERT_ARRIVAL_AFTER_CONTRACTUAL_ETA', 'Arrival predicted after the contractual ETA', 'Llegada prevista posterior a la ETA contractual', false, 'alert', NULL, NULL),
  (908, 'ALERT_REFERENCE_NOT_FOUND', 'The carrier does not know the reference', 'La naviera no reconoce la referencia', false, 'alert', NULL, NULL);

-- Ports and other locations (inland places and depots come from carrier events, some without a
-- UN/LOCODE).
CREATE TABLE locations (
  id serial PRIMARY KEY,
  name text NOT NULL,
  locode varchar(5) UNIQUE CHECK (locode ~ '^[A-Z]{2}[A-Z0-9]{3}$'),
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  timezone text,
  country_iso2 char(2),
  display text NOT NULL,
  kind text NOT NULL DEFAULT 'port' CHECK (kind IN ('port', 'inland', 'depot', 'terminal')),
  source text NOT NULL DEFAULT 'sea-ports'
);

CREATE INDEX locations_name_idx ON locations (lower(name));

CREATE TABLE vessels (
  id serial PRIMARY KEY,
  name text NOT NULL,
  imo char(7) UNIQUE CHECK (imo ~ '^[0-9]{7}$')
);

-- Tracking requests: what a company asked to follow.
CREATE TABLE tracking_requests (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id),
  carrier_id integer NOT NULL REFERENCES carriers (id),
  -- Projects belong to a later migration; the foreign key is added there.
  project_id integer,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  code_type text NOT NULL CHECK (code_type IN ('c_id', 'b_id', 'm_bl')),
  code_value varchar(35) NOT NULL CHECK (code_value <> ''),
  client_code text NOT NULL DEFAULT '',
  contractual_eta_pod date,
  contractual_eta_dlv date,
  status text NOT NULL DEFAULT 'new' CHECK (status IN
    ('invalid', 'new', 'ongoing', 'pending_archiving', 'archived', 'pending_cancelling', 'cancelled')),
  booking_bl_required_container boolean NOT NULL DEFAULT false,
  container_filter text[] NOT NULL DEFAULT '{}',
  -- [{code, message, created}] readable by the user (e.g. why the request is invalid).
  warnings jsonb NOT NULL DEFAULT '[]',
  last_update timestamptz,
  -- Engine bookkeeping: incremental polling and backoff.
  last_polled_at timestamptz,
  next_poll_at timestamptz,
  poll_failures integer NOT NULL DEFAULT 0,
  last_event_created_at timestamptz,
  dcsa_subscription_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tracking_requests_company_idx ON tracking_requests (company_id, id);
CREATE INDEX tracking_requests_company_status_idx ON tracking_requests (company_id, status);
CREATE INDEX tracking_requests_company_code_idx ON tracking_requests (company_id, code_value);
CREATE INDEX tracking_requests_company_created_idx ON tracking_requests (company_id, created_at);
CREATE INDEX tracking_requests_poll_idx ON tracking_requests (next_poll_at)
  WHERE status IN ('new', 'ongoing');

-- Shipments: one container followed for a tracking request, derived from the carrier events.
CREATE TABLE shipments (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id),
  tracking_request_id integer NOT NULL REFERENCES tracking_requests (id) ON DELETE CASCADE,
  carrier_id integer NOT NULL REFERENCES carriers (id),
  project_id integer,

  -- Identity and text. status is the life stage (0 unknown ... 12 completed, spec section 4).
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 14),
  status_text text NOT NULL DEFAULT 'initializing',
  lifecycle_status text NOT NULL DEFAULT 'active' CHECK (lifecycle_status IN ('active', 'expired', 'completed')),
  weight numeric(12, 3),
  container_number varchar(11) NOT NULL,
  container_type_str text,
  container_type_iso varchar(4),
  bl_number varchar(35),
  booking_number varchar(35),
  client_code text NOT NULL DEFAULT '',
  hidden boolean NOT NULL DEFAULT false,

  -- Position.
  positions jsonb NOT NULL DEFAULT '[]',
  last_coordinates jsonb,
  current_vessel_id integer REFERENCES vessels (id),
  current_vessel_position jsonb,
  current_vessel_nextport_id integer REFERENCES locations (id),

  -- Legs.
  leg1_voyage text, leg1_vessel_id integer REFERENCES vessels (id),
  leg2_voyage text, leg2_vessel_id integer REFERENCES vessels (id),
  leg3_voyage text, leg3_vessel_id integer REFERENCES vessels (id),
  leg4_voyage text, leg4_vessel_id integer REFERENCES vessels (id),
  leg5_voyage text, leg5_vessel_id integer REFERENCES vessels (id),

  -- Locations.
  origin_loc_id integer REFERENCES locations (id),
  empty_pickup_loc_id integer REFERENCES locations (id),
  pol_loc_id integer REFERENCES locations (id),
  tsp1_loc_id integer REFERENCES locations (id),
  tsp2_loc_id integer REFERENCES locations (id),
  tsp3_loc_id integer REFERENCES locations (id),
  tsp4_loc_id integer REFERENCES locations (id),
  pod_loc_id integer REFERENCES locations (id),
  dlv_loc_id integer REFERENCES locations (id),
  empty_return_loc_id integer REFERENCES locations (id),
  lif_loc_id integer REFERENCES locations (id),
  availability_loc_id integer REFERENCES locations (id),

  -- Milestone dates: planned_initial, planned_last, actual, detected, prediction.
  origin_pickup_planned_initial timestamptz, origin_pickup_planned_last timestamptz, origin_pickup_actual timestamptz, origin_pickup_detected timestamptz, origin_pickup_prediction timestamptz,
  empty_pickup_planned_initial timestamptz, empty_pickup_planned_last timestamptz, empty_pickup_actual timestamptz, empty_pickup_detected timestamptz, empty_pickup_prediction timestamptz,
  pol_arrival_planned_initial timestamptz, pol_arrival_planned_last timestamptz, pol_arrival_actual timestamptz, pol_arrival_detected timestamptz, pol_arrival_prediction timestamptz,
  pol_loaded_planned_initial timestamptz, pol_loaded_planned_last timestamptz, pol_loaded_actual timestamptz, pol_loaded_detected timestamptz, pol_loaded_prediction timestamptz,
  pol_discharge_planned_initial timestamptz, pol_discharge_planned_last timestamptz, pol_discharge_actual timestamptz, pol_discharge_detected timestamptz, pol_discharge_prediction timestamptz,
  pol_vessel_departure_planned_initial timestamptz, pol_vessel_departure_planned_last timestamptz, pol_vessel_departure_actual timestamptz, pol_vessel_departure_detected timestamptz, pol_vessel_departure_prediction timestamptz,
  tsp1_vessel_arrival_planned_initial timestamptz, tsp1_vessel_arrival_planned_last timestamptz, tsp1_vessel_arrival_actual timestamptz, tsp1_vessel_arrival_detected timestamptz, tsp1_vessel_arrival_prediction timestamptz,
  tsp1_discharge_planned_initial timestamptz, tsp1_discharge_planned_last timestamptz, tsp1_discharge_actual timestamptz, tsp1_discharge_detected timestamptz, tsp1_discharge_prediction timestamptz,
  tsp1_loaded_planned_initial timestamptz, tsp1_loaded_planned_last timestamptz, tsp1_loaded_actual timestamptz, tsp1_loaded_detected timestamptz, tsp1_loaded_prediction timestamptz,
  tsp1_vessel_departure_planned_initial timestamptz, tsp1_vessel_departure_planned_last timestamptz, tsp1_vessel_departure_actual timestamptz, tsp1_vessel_departure_detected timestamptz, tsp1_vessel_departure_prediction timestamptz,
  tsp2_vessel_arrival_planned_initial timestamptz, tsp2_vessel_arrival_planned_last timestamptz, tsp2_vessel_arrival_actual timestamptz, tsp2_vessel_arrival_detected timestamptz, tsp2_vessel_arrival_prediction timestamptz,
  tsp2_discharge_planned_initial timestamptz, tsp2_discharge_planned_last timestamptz, tsp2_discharge_actual timestamptz, tsp2_discharge_detected timestamptz, tsp2_discharge_prediction timestamptz,
  tsp2_loaded_planned_initial timestamptz, tsp2_loaded_planned_last timestamptz, tsp2_loaded_actual timestamptz, tsp2_loaded_detected timestamptz, tsp2_loaded_prediction timestamptz,
  tsp2_vessel_departure_planned_initial timestamptz, tsp2_vessel_departure_planned_last timestamptz, tsp2_vessel_departure_actual timestamptz, tsp2_vessel_departure_detected timestamptz, tsp2_vessel_departure_prediction timestamptz,
  tsp3_vessel_arrival_planned_initial timestamptz, tsp3_vessel_arrival_planned_last timestamptz, tsp3_vessel_arrival_actual timestamptz, tsp3_vessel_arrival_detected timestamptz, tsp3_vessel_arrival_prediction timestamptz,
  tsp3_discharge_planned_initial timestamptz, tsp3_discharge_planned_last timestamptz, tsp3_discharge_actual timestamptz, tsp3_discharge_detected timestamptz, tsp3_discharge_prediction timestamptz,
  tsp3_loaded_planned_initial timestamptz, tsp3_loaded_planned_last timestamptz, tsp3_loaded_actual timestamptz, tsp3_loaded_detected timestamptz, tsp3_loaded_prediction timestamptz,
  tsp3_vessel_departure_planned_initial timestamptz, tsp3_vessel_departure_planned_last timestamptz, tsp3_vessel_departure_actual timestamptz, tsp3_vessel_departure_detected timestamptz, tsp3_vessel_departure_prediction timestamptz,
  tsp4_vessel_arrival_planned_initial timestamptz, tsp4_vessel_arrival_planned_last timestamptz, tsp4_vessel_arrival_actual timestamptz, tsp4_vessel_arrival_detected timestamptz, tsp4_vessel_arrival_prediction timestamptz,
  tsp4_discharge_planned_initial timestamptz, tsp4_discharge_planned_last timestamptz, tsp4_discharge_actual timestamptz, tsp4_discharge_detected timestamptz, tsp4_discharge_prediction timestamptz,
  tsp4_loaded_planned_initial timestamptz, tsp4_loaded_planned_last timestamptz, tsp4_loaded_actual timestamptz, tsp4_loaded_detected timestamptz, tsp4_loaded_prediction timestamptz,
  tsp4_vessel_departure_planned_initial timestamptz, tsp4_vessel_departure_planned_last timestamptz, tsp4_vessel_departure_actual timestamptz, tsp4_vessel_departure_detected timestamptz, tsp4_vessel_departure_prediction timestamptz,
  pod_vessel_arrival_planned_initial timestamptz, pod_vessel_arrival_planned_last timestamptz, pod_vessel_arrival_actual timestamptz, pod_vessel_arrival_detected timestamptz, pod_vessel_arrival_prediction timestamptz,
  pod_discharge_planned_initial timestamptz, pod_discharge_planned_last timestamptz, pod_discharge_actual timestamptz, pod_discharge_detected timestamptz, pod_discharge_prediction timestamptz,
  pod_departure_planned_initial timestamptz, pod_departure_planned_last timestamptz, pod_departure_actual timestamptz, pod_departure_detected timestamptz, pod_departure_prediction timestamptz,
  delivery_planned_initial timestamptz, delivery_planned_last timestamptz, delivery_actual timestamptz, delivery_detected timestamptz, delivery_prediction timestamptz,
  empty_return_planned_initial timestamptz, empty_return_planned_last timestamptz, empty_return_actual timestamptz, empty_return_detected timestamptz, empty_return_prediction timestamptz,
  lif_arrival_planned_initial timestamptz, lif_arrival_planned_last timestamptz, lif_arrival_actual timestamptz, lif_arrival_detected timestamptz, lif_arrival_prediction timestamptz,
  lif_departure_planned_initial timestamptz, lif_departure_planned_last timestamptz, lif_departure_actual timestamptz, lif_departure_detected timestamptz, lif_departure_prediction timestamptz,
  eta timestamptz, ata timestamptz, etd timestamptz, atd timestamptz, dtd timestamptz, dta timestamptz,

  -- Durations (days) and discrepancies (days, positive = later than contractual).
  discrepancy_eta_at_pod numeric(8, 2),
  discrepancy_eta_at_dlv numeric(8, 2),
  days_in_tsp numeric(8, 2), days_in_tsp_planned_initial numeric(8, 2), days_in_tsp_planned_last numeric(8, 2),
  days_in_tsp1 numeric(8, 2), days_in_tsp1_planned_initial numeric(8, 2), days_in_tsp1_planned_last numeric(8, 2),
  days_in_tsp2 numeric(8, 2), days_in_tsp2_planned_initial numeric(8, 2), days_in_tsp2_planned_last numeric(8, 2),
  days_in_tsp3 numeric(8, 2), days_in_tsp3_planned_initial numeric(8, 2), days_in_tsp3_planned_last numeric(8, 2),
  days_in_tsp4 numeric(8, 2), days_in_tsp4_planned_initial numeric(8, 2), days_in_tsp4_planned_last numeric(8, 2),
  days_in_pol numeric(8, 2), days_in_pol_planned_initial numeric(8, 2), days_in_pol_planned_last numeric(8, 2),
  days_in_pod numeric(8, 2), days_in_pod_planned_initial numeric(8, 2), days_in_pod_planned_last numeric(8, 2),
  storage_days_at_pol numeric(8, 2),
  storage_days_at_pod numeric(8, 2),
  transit_time numeric(8, 2),
  transit_time_planned numeric(8, 2),

  -- Release.
  availability_date timestamptz,
  carrier_release_date timestamptz,
  carrier_release_state text,
  customs_release_date timestamptz,
  customs_release_state text,

  -- Predictions: {created, predicted, lower, upper, ...}; per port {locode: {predicted, predicted_upper, predicted_lower}};
  -- the POD time-of-arrival warning {risk, risk_description, risk_verbose, conclusion, predicted_time_of_arrival, created, modified}.
  pod_vslarrival_prediction jsonb,
  predictions jsonb NOT NULL DEFAULT '{}',
  pod_timeofarrival_warning jsonb,

  -- Alerts (the alert events themselves are in alert_events).
  last_alert_message text,
  last_alert_code integer REFERENCES event_codes (code),
  is_alerted boolean NOT NULL DEFAULT false,
  is_delayed boolean NOT NULL DEFAULT false,

  -- Custom form and its data.
  schema_form jsonb,
  sf_data jsonb,

  last_update timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tracking_request_id, container_number)
);

-- Lists are always filtered by company_id first; these cover the default order, the common
-- filters and orderings of the shipment list for a million shipments per company.
CREATE INDEX shipments_company_idx ON shipments (company_id, id DESC);
CREATE INDEX shipments_company_container_idx ON shipments (company_id, container_number);
CREATE INDEX shipments_company_bl_idx ON shipments (company_id, bl_number);
CREATE INDEX shipments_company_booking_idx ON shipments (company_id, booking_number);
CREATE INDEX shipments_company_status_idx ON shipments (company_id, status);
CREATE INDEX shipments_company_lifecycle_idx ON shipments (company_id, lifecycle_status);
CREATE INDEX shipments_company_eta_idx ON shipments (company_id, eta);
CREATE INDEX shipments_company_etd_idx ON shipments (company_id, etd);
CREATE INDEX shipments_company_dta_idx ON shipments (company_id, dta);
CREATE INDEX shipments_company_last_update_idx ON shipments (company_id, last_update);
CREATE INDEX shipments_company_created_idx ON shipments (company_id, created_at);
CREATE INDEX shipments_company_pol_idx ON shipments (company_id, pol_loc_id);
CREATE INDEX shipments_company_pod_idx ON shipments (company_id, pod_loc_id);
CREATE INDEX shipments_company_project_idx ON shipments (company_id, project_id);
CREATE INDEX shipments_tracking_request_idx ON shipments (tracking_request_id);

-- Carrier events as received, once per carrier (eventID is unique per carrier). A transport
-- event can concern several tracking requests (all containers of one vessel call), hence the
-- link table.
CREATE TABLE carrier_events (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  carrier_id integer NOT NULL REFERENCES carriers (id),
  event_id text NOT NULL,
  event_type text NOT NULL CHECK (event_type IN ('SHIPMENT', 'TRANSPORT', 'EQUIPMENT')),
  event_classifier text NOT NULL CHECK (event_classifier IN ('PLN', 'EST', 'ACT')),
  type_code varchar(4) NOT NULL,
  event_datetime timestamptz NOT NULL,
  event_created_at timestamptz NOT NULL,
  equipment_reference varchar(15),
  un_location_code varchar(5),
  raw jsonb NOT NULL,
  source text NOT NULL CHECK (source IN ('poll', 'push')),
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (carrier_id, event_id)
);

CREATE INDEX carrier_events_equipment_idx ON carrier_events (carrier_id, equipment_reference);
CREATE INDEX carrier_events_created_idx ON carrier_events (carrier_id, event_created_at);

CREATE TABLE tracking_request_events (
  tracking_request_id integer NOT NULL REFERENCES tracking_requests (id) ON DELETE CASCADE,
  carrier_event_id bigint NOT NULL REFERENCES carrier_events (id) ON DELETE CASCADE,
  PRIMARY KEY (tracking_request_id, carrier_event_id)
);

CREATE INDEX tracking_request_events_event_idx ON tracking_request_events (carrier_event_id);

-- Events of one shipment as shown in its detail; each can be hidden.
CREATE TABLE shipment_events (
  shipment_id bigint NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  carrier_event_id bigint NOT NULL REFERENCES carrier_events (id) ON DELETE CASCADE,
  hidden boolean NOT NULL DEFAULT false,
  PRIMARY KEY (shipment_id, carrier_event_id)
);

-- Payloads that failed validation (visible to superusers), never applied.
CREATE TABLE rejected_events (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  carrier_id integer REFERENCES carriers (id),
  tracking_request_id integer REFERENCES tracking_requests (id) ON DELETE SET NULL,
  -- The event as received (NULL when the body was not even JSON: then raw_text holds it).
  raw jsonb,
  raw_text text,
  reasons jsonb NOT NULL,
  -- sha256 of the payload: the same bad event polled again is not stored twice.
  fingerprint char(64) NOT NULL,
  source text NOT NULL CHECK (source IN ('poll', 'push')),
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX rejected_events_fingerprint_idx ON rejected_events (coalesce(carrier_id, 0), fingerprint);

CREATE INDEX rejected_events_received_idx ON rejected_events (received_at DESC);
CREATE INDEX rejected_events_tracking_request_idx ON rejected_events (tracking_request_id);

-- Alert events: raised once per cause (cause_key), hidden / unhidden by users.
CREATE TABLE alert_events (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id),
  shipment_id bigint NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  code integer NOT NULL REFERENCES event_codes (code),
  cause_key text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object' AND details ? 'message'),
  walltime timestamptz NOT NULL DEFAULT now(),
  hidden boolean NOT NULL DEFAULT false,
  UNIQUE (shipment_id, code, cause_key)
);

CREATE INDEX alert_events_company_idx ON alert_events (company_id, walltime DESC);

-- Change history of every milestone date of a shipment.
CREATE TABLE milestone_date_changes (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  shipment_id bigint NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  field text NOT NULL,
  old_value timestamptz,
  new_value timestamptz,
  changed_at timestamptz NOT NULL DEFAULT now(),
  carrier_event_id bigint REFERENCES carrier_events (id) ON DELETE SET NULL
);

CREATE INDEX milestone_date_changes_shipment_idx ON milestone_date_changes (shipment_id, changed_at);

-- DCSA push subscriptions. id is ours and is part of the callback URL
-- (/api/dcsa/callback/{id}/); the secret is needed in clear to check Notification-Signature.
CREATE TABLE dcsa_subscriptions (
  id uuid PRIMARY KEY,
  carrier_id integer NOT NULL REFERENCES carriers (id),
  tracking_request_id integer REFERENCES tracking_requests (id) ON DELETE CASCADE,
  carrier_subscription_id text,
  -- Base64 (DCSA `secret`, format byte); the HMAC key is the decoded bytes.
  secret text NOT NULL,
  callback_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dcsa_subscriptions_tracking_request_idx ON dcsa_subscriptions (tracking_request_id);
