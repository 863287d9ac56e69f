// The carrier events the tracking engine set aside or recorded (rejected_events, GET rejected-events/): why
// (migrations 0008 and 0021, the CHECK on rejected_events.kind) and how the event came (rejected_events.source).

/** invalid: refused by the DCSA validator; unstorable: valid, but the database could not store it; irrelevant:
 * not about the request's container, booking or B/L; clamped: stored with its creation time (ahead of the clock)
 * clamped; retracted: content a DCSA v3 retraction discarded. */
export const REJECTED_KINDS = ['invalid', 'unstorable', 'irrelevant', 'clamped', 'retracted'] as const;
export type RejectedEventKind = (typeof REJECTED_KINDS)[number];

/** poll: read from the carrier's API; push: sent to the DCSA callback. */
export const REJECTED_SOURCES = ['poll', 'push'] as const;
export type RejectedEventSource = (typeof REJECTED_SOURCES)[number];
