// The tracking request list's data: the page asked of the API (or the last one that exists), kept on screen
// while the next one loads, asked again while a request waits for its first shipments, and changed in place
// after an inline edit or a status change.
import { useCallback, useEffect } from 'react';
import { trackingRequestsApi, type TrackingRequestRecord } from '@portal/shared-api';
import { keepPreviousData, queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { loadPageOrLast, type UrlFilters } from '@portal/shared-ui/lists';
import { PAGE_SIZE } from '../common/RequestShipments';
import { notifyRequestError } from '../../lib/notices';
import { FILTERS } from './columns';
import { withRowChange } from './row-change';

/** While a request waits for its first shipments, the list asks again this often (ms). */
const REFRESH_WHILE_WAITING = 15_000;

const NO_ROWS: TrackingRequestRecord[] = [];
const isWaiting = (row: TrackingRequestRecord) => row.status === 'new' && row.shipments_count === 0;

type Filters = UrlFilters<typeof FILTERS>;

export function useRequestList({ query, page, setPage }: Pick<Filters, 'query' | 'page' | 'setPage'>) {
  const client = useQueryClient();
  const listKey = [...queryKeys.tracking.requests, query, page] as const;
  // the page shown stays (greyed by the table's loading state) until the next one arrives
  const listQuery = useQuery({
    queryKey: listKey,
    // a page that no longer exists (an old bookmark, the list got shorter): the last one that does
    queryFn: ({ signal }) =>
      loadPageOrLast(page, PAGE_SIZE, (p) =>
        trackingRequestsApi.list({ ...query, page: p > 1 ? p : undefined }, signal),
      ),
    placeholderData: keepPreviousData,
    // while a request waits for its first shipments, the list asks again
    refetchInterval: (current) =>
      current.state.data?.answer.results.some(isWaiting) ? REFRESH_WHILE_WAITING : false,
    refetchIntervalInBackground: true,
  });
  const shownPage = listQuery.isPlaceholderData ? undefined : listQuery.data?.page;
  useEffect(() => {
    if (shownPage !== undefined && shownPage !== page) setPage(shownPage, { replace: true });
  }, [shownPage, page, setPage]);
  useEffect(() => {
    if (listQuery.error) notifyRequestError(listQuery.error);
  }, [listQuery.error]);
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: queryKeys.tracking.requests }),
    [client],
  );

  /** Applies a saved change to the row shown (inline edits, status changes). */
  const updateRow = useCallback(
    (id: number, change: Partial<TrackingRequestRecord>) =>
      client.setQueryData<typeof listQuery.data>(
        listKey,
        (shown) => shown && withRowChange(shown, id, change),
      ),
    // listKey is new on every render; its content is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, JSON.stringify(listKey)],
  );

  return {
    rows: listQuery.data?.answer.results ?? NO_ROWS,
    count: listQuery.data?.answer.count ?? 0,
    loading: listQuery.isFetching,
    reload,
    updateRow,
  };
}
