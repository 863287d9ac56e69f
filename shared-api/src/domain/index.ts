// @portal/shared-api/domain: the domain constants and rules both the API and the front end import:
// tracking-request statuses and code types, shipment health, status texts, locations and milestones, the
// ISO 6346 container check, the messages both sides give, BI's shapes, the roles, the rejected events' kinds and the webhook event types.
// Plain TypeScript: no browser or Node dependency, so the API (tsx, jest) and every webpack bundle can load it;
// it is small and bundled into whoever imports it.
export * from './tracking-requests';
export * from './shipments';
export * from './containers';
export * from './messages';
export * from './bi';
export * from './accounts';
export * from './rejected-events';
export * from './webhooks';
export * from './free-time';
