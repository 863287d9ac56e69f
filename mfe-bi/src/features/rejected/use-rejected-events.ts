// The rejected-events list: the applied filters and page, asked again on every Search and Reset; the page shown
// stays (and the Search button busy) until the next one arrives.
import { useEffect, useState } from 'react';
import { keepPreviousData, queryKeys, useQuery } from '@portal/shared-api/queries';
import { rejectedApi } from '../../lib/rejected-api';
import { notifyFailure } from '../filters/BiFilterForm';
import { toRejectedQuery, type RejectedFilters } from './rejected-filters';

export function useRejectedEvents(initial: RejectedFilters) {
  const [applied, setApplied] = useState<RejectedFilters>(initial);
  const [page, setPage] = useState(1);
  // every Search and Reset asks again, even with the same filters
  const [asked, setAsked] = useState(0);
  const {
    data,
    error,
    isFetching: loading,
  } = useQuery({
    queryKey: [...queryKeys.bi.rejected, applied, page, asked],
    queryFn: ({ signal }) => rejectedApi.list(toRejectedQuery(applied, page), signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (error) notifyFailure(error);
  }, [error]);
  const load = (filters: RejectedFilters, nextPage: number) => {
    setApplied(filters);
    setPage(nextPage);
    setAsked((n) => n + 1);
  };
  return { data, loading, applied, page, setPage, load };
}
