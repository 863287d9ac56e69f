// Loads one page of `GET shipments/` for a query; reloads when the query changes or on demand.
import { useCallback, useEffect, useState } from 'react';
import { errorToNotificationBody, shipmentsApi, type Shipment, type ShipmentQuery } from '@portal/shared-api';
import { notifyError } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZE = 30;

export function useShipmentsPage(query: ShipmentQuery) {
  const { t } = useTranslation('common');
  const [rows, setRows] = useState<Shipment[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    shipmentsApi
      .list(JSON.parse(key) as ShipmentQuery, controller.signal)
      .then((answer) => {
        setRows(answer.results);
        setCount(answer.count);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setRows([]);
        setCount(0);
        notifyError(t('errors.title'), errorToNotificationBody(error));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [key, reloads, t]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { rows, count, pageCount: Math.max(1, Math.ceil(count / PAGE_SIZE)), loading, reload };
}
