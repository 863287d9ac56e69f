// The columns the Django reference's list sends, as our `fields`: the benches compare answers of the same
// columns with it.

/**
 * The columns the reference's list sends (../shared/peers/drf, ShipmentSerializer), under our names: its
 * pod_vslarrival_* / pol_vsldeparture_* are our pod_vessel_arrival_* / pol_vessel_departure_*, its ports
 * (LocationBriefSerializer: id, locode, name) the same three of ours, its leg1_vessel_name and leg1_voyage our
 * leg1's voyage and vessel; its company (always the caller's) has no counterpart.
 */
export const REFERENCE_FIELDS = [
  'id',
  'status',
  'status_verbose',
  'lifecycle_status',
  'health',
  'container_number',
  'container_type_iso',
  'bl_number',
  'booking_number',
  'client_code',
  'carrier',
  'carrier_name',
  'carrier_scac',
  'project',
  'tracking_request',
  'hide',
  ...['pol_loc', 'pod_loc', 'dlv_loc', 'tsp1_loc'].flatMap((k) => [`${k}.id`, `${k}.locode`, `${k}.name`]),
  'leg1.voyage',
  'leg1.vessel',
  'eta',
  'ata',
  'etd',
  'atd',
  'dtd',
  'dta',
  'pod_vessel_arrival_planned_initial',
  'pod_vessel_arrival_planned_last',
  'pod_vessel_arrival_actual',
  'pod_vslarrival_prediction',
  'pol_vessel_departure_planned_initial',
  'pol_vessel_departure_actual',
  'discrepancy_eta_at_pod',
  'transit_time',
  'days_in_pod',
  'last_alert_code',
  'last_alert_message',
  'is_alerted',
  'is_delayed',
  'last_update',
  'created_at',
  'modified_at',
].join(',');
