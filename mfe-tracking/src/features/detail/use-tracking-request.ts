// The tracking request the detail page shows: loaded by id, missing when the id cannot exist or the API says
// 404, changed in place after a saved inline edit or status change.
import { useCallback, useEffect } from 'react';
import { ApiError, trackingRequestsApi, type TrackingRequestRecord } from '@portal/shared-api';
import { queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifyRequestError } from '../../lib/notices';

export type Load =
  { state: 'loading' } | { state: 'missing' } | { state: 'ready'; request: TrackingRequestRecord };

/** True for an id the API can have (a positive whole number). */
export const isRequestId = (id: number) => Number.isInteger(id) && id >= 1;

/** What the page shows for the id's query: another failure after the request was shown keeps it on screen. */
export function loadOf(valid: boolean, loaded: TrackingRequestRecord | undefined, error: unknown): Load {
  const gone = error instanceof ApiError && error.status === 404;
  if (!valid || gone || (error && !loaded)) return { state: 'missing' };
  return loaded ? { state: 'ready', request: loaded } : { state: 'loading' };
}

export function useTrackingRequest(requestId: number) {
  const client = useQueryClient();
  const valid = isRequestId(requestId);
  const requestKey = queryKeys.tracking.request(requestId);

  // an id that cannot exist is not asked for
  const { data: loaded, error } = useQuery({
    queryKey: requestKey,
    queryFn: ({ signal }) => trackingRequestsApi.get(requestId, signal),
    enabled: valid,
  });
  const gone = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    // the notice says what went wrong
    if (error && !gone) notifyRequestError(error);
  }, [error, gone]);

  /** Applies a saved change (inline edits, a status change) to the request shown. */
  const update = useCallback(
    (change: Partial<TrackingRequestRecord>) =>
      client.setQueryData<TrackingRequestRecord>(
        queryKeys.tracking.request(requestId),
        (shown) => shown && { ...shown, ...change },
      ),
    [client, requestId],
  );
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: queryKeys.tracking.request(requestId) }),
    [client, requestId],
  );

  return { load: loadOf(valid, loaded, error), update, reload };
}
