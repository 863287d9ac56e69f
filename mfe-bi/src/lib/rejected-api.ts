// GET rejected-events (superusers only): the carrier events the tracking engine set aside or recorded.
// Types mirror api/src/routes/rejected-events.
import { api, type Query } from '@portal/shared-api';

export const REJECTED_KINDS = ['invalid', 'unstorable', 'irrelevant', 'clamped', 'retracted'] as const;
type RejectedKind = (typeof REJECTED_KINDS)[number];

export interface RejectedEvent {
  id: number;
  kind: RejectedKind;
  source: 'poll' | 'push';
  received_at: string;
  reasons: string[];
  event_id: string | null;
  event_type: string | null;
  event_created: string | null;
  carrier: { id: number; short_name: string; scac: string } | null;
  tracking_request: {
    id: number;
    code_type: 'c_id' | 'b_id' | 'm_bl';
    code_value: string;
    company: { id: number; name: string };
  } | null;
  payload: string;
  payload_truncated: boolean;
}

export interface RejectedPage {
  count: number;
  next: string | null;
  previous: string | null;
  kind_counts: Record<RejectedKind, number>;
  results: RejectedEvent[];
}

/** 30 rows a page (the API's page size). */
export const REJECTED_PAGE_SIZE = 30;

export const rejectedApi = {
  list: (query: Query, signal?: AbortSignal) => api.get<RejectedPage>('rejected-events', { query, signal }),
};
