// The webhook event types a company's endpoint can subscribe to: the API's schemas, deliveries and
// event-types call, and the integrations page's checkboxes read this one list.
export const WEBHOOK_EVENT_TYPES = [
  'tracking_request.status_changed',
  'shipment.created',
  'shipment.milestone_actual_set',
  'shipment.eta_changed',
  'alert.raised',
  // The milestones an ERP books on (each also arrives as shipment.milestone_actual_set): the vessel leaving the
  // port of loading, arriving at and discharging at the port of discharge, the full container leaving that port's
  // terminal, the empty container returned.
  'shipment.vessel_departed',
  'shipment.vessel_arrived',
  'shipment.discharged',
  'shipment.gate_out_full',
  'shipment.empty_returned',
  // A container's last free day (demurrage or detention) approaching, passed or moved.
  'shipment.free_time_approaching',
  'shipment.free_time_passed',
  'shipment.free_time_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The milestone behind each milestone event type (its `data.milestone`). */
export const WEBHOOK_MILESTONE_EVENTS = {
  'shipment.vessel_departed': 'pol_vessel_departure',
  'shipment.vessel_arrived': 'pod_vessel_arrival',
  'shipment.discharged': 'pod_discharge',
  'shipment.gate_out_full': 'pod_departure',
  'shipment.empty_returned': 'empty_return',
} as const;
export type WebhookMilestoneEventType = keyof typeof WEBHOOK_MILESTONE_EVENTS;

/** Sent by "Send test event" only (no endpoint subscribes to it). */
export const TEST_EVENT_TYPE = 'webhook.test';
