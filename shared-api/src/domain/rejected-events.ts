// The carrier events the tracking engine set aside or recorded (rejected_events, GET rejected-events/): why
// (migrations 0008, 0021 and 0022, the CHECK on rejected_events.kind) and how the event came (rejected_events.source).

/** invalid: refused by the DCSA v2.2 validator (or an event type the portal does not use); schema: refused by the
 * DCSA v3.0 schema (its lengths, formats, code lists, or a field the portal needs); unstorable: valid, but the
 * database could not store it; irrelevant: not about the request's container, booking or B/L; other_shipment: names
 * another booking or B/L than the request's (e.g. a container re-used on another booking); clamped: stored with its
 * creation time (ahead of the clock) clamped; retracted: content a DCSA v3 retraction discarded;
 * retraction_refused: a retraction sent through a subscription for an event that did not come through it (nothing
 * discarded). Migrations 0008, 0021 and 0022. */
export const REJECTED_KINDS = [
  'invalid',
  'schema',
  'unstorable',
  'irrelevant',
  'other_shipment',
  'clamped',
  'retracted',
  'retraction_refused',
] as const;
export type RejectedEventKind = (typeof REJECTED_KINDS)[number];

/** poll: read from the carrier's API; push: sent to the DCSA callback. */
export const REJECTED_SOURCES = ['poll', 'push'] as const;
export type RejectedEventSource = (typeof REJECTED_SOURCES)[number];
