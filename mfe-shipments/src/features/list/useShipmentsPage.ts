// Loads one page of `GET shipments/` for a query; reloads when the query changes or on demand. A page past the
// end (an old bookmark, a page kept across the login redirect) shows the last page that exists instead, and
// `onPageCorrected` puts that page in the URL.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorToNotificationBody, shipmentsApi, type Shipment, type ShipmentQuery } from '@portal/shared-api';
import { notifyError } from '@portal/shared-ui';
import { loadPageOrLast } from '@portal/shared-ui/lists';
import { useTranslation } from 'react-i18next';

const PAGE_SIZE = 30;

export function useShipmentsPage(query: ShipmentQuery, onPageCorrected?: (page: number) => void) {
  const { t } = useTranslation('common');
  const [rows, setRows] = useState<Shipment[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify(query);
  const corrected = useRef(onPageCorrected);
  corrected.current = onPageCorrected;

  useEffect(() => {
    const controller = new AbortController();
    const asked = JSON.parse(key) as ShipmentQuery;
    const askedPage = Number(asked.page ?? 1);
    setLoading(true);
    loadPageOrLast(askedPage, PAGE_SIZE, (page) =>
      shipmentsApi.list({ ...asked, page: page > 1 ? page : undefined }, controller.signal),
    )
      .then(({ answer, page }) => {
        setRows(answer.results);
        setCount(answer.count);
        if (page !== askedPage) corrected.current?.(page);
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
