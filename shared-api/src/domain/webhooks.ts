// The webhook event types a company's endpoint can subscribe to (issue 20): the API's schemas, deliveries and
// event-types call, and the integrations page's checkboxes read this one list.
export const WEBHOOK_EVENT_TYPES = [
  'tracking_request.status_changed',
  'shipment.created',
  'shipment.milestone_actual_set',
  'shipment.eta_changed',
  'alert.raised',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent by "Send test event" only (no endpoint subscribes to it). */
export const TEST_EVENT_TYPE = 'webhook.test';
