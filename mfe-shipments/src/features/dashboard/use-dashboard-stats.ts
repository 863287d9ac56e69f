// The dashboard's counts: asked for on every visit and again after a change (settings saved, a row changed); the
// counts shown stay until the new ones arrive.
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToNotificationBody, shipmentsApi } from '@portal/shared-api';
import { queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifyError } from '@portal/shared-ui';

export function useDashboardStats() {
  const { t: tc } = useTranslation('common');
  const client = useQueryClient();
  const { data: stats, error: statsError } = useQuery({
    queryKey: queryKeys.shipments.stats,
    queryFn: ({ signal }) => shipmentsApi.stats(signal),
  });
  useEffect(() => {
    if (statsError) notifyError(tc('errors.title'), errorToNotificationBody(statsError));
    // a failure is told once, in the language of the moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statsError]);
  const reloadStats = useCallback(
    () => void client.invalidateQueries({ queryKey: queryKeys.shipments.stats }),
    [client],
  );
  return { stats, reloadStats };
}
