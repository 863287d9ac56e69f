// The data of the BI view in the URL (chart or table page), through the portal's one query cache: Back from a
// drill-down finds the chart in the cache instead of asking again, and a failed call is told once as a notice.
import { useEffect } from 'react';
import type { Query } from '@portal/shared-api';
import { queryKeys, useQuery } from '@portal/shared-api/queries';
import { biApi } from '../../lib/bi-api';
import { notifyFailure } from '../filters/BiFilterForm';

/** A chart read this recently is shown again as it is (Back from the shipment list); Update always asks again. */
const FRESH_MS = 60_000;

const biMetricKey = (metric: string, query: Query) => [...queryKeys.bi.all, 'metric', metric, query] as const;

/** `request` null: nothing is asked (no metric in the URL yet). */
export function useBiMetric(request: { metric: string; query: Query } | null) {
  const result = useQuery({
    queryKey: biMetricKey(request?.metric ?? '', request?.query ?? {}),
    queryFn: ({ signal }) => biApi.data(request!.metric, request!.query, signal),
    enabled: request !== null,
    staleTime: FRESH_MS,
  });
  useEffect(() => {
    if (result.error) notifyFailure(result.error);
  }, [result.error]);
  return result;
}
