// GET rejected-events (superusers only): the carrier events the tracking engine set aside or recorded.
// Types from the API's contract (its OpenAPI document).
import { type ApiAnswer, type ApiListRow, type Query } from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

type RejectedPage = ApiAnswer<'/api/rejected-events/'>;
export type RejectedEvent = ApiListRow<'/api/rejected-events/'>;

/** 30 rows a page (the API's page size). */
export const REJECTED_PAGE_SIZE = 30;

export const rejectedApi = {
  list: (query: Query, signal?: AbortSignal): Promise<RejectedPage> =>
    client.get('/api/rejected-events/', { query, signal }),
};
