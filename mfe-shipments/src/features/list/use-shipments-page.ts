// Loads one page of `GET shipments/` for a query; reloads when the query or the language changes, or on demand.
// A page past the end (an old bookmark, a page kept across the login redirect) shows the last page that exists
// instead, and `onPageCorrected` puts that page in the URL.
import { useCallback, useEffect, useRef } from 'react';
import { errorToNotificationBody, shipmentsApi, type Shipment, type ShipmentQuery } from '@portal/shared-api';
import { keepPreviousData, queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifyError } from '@portal/shared-ui';
import { loadPageOrLast } from '@portal/shared-ui/lists';
import { useTranslation } from 'react-i18next';
import { LIST_FIELDS } from './columns';

const PAGE_SIZE = 30;
const NO_ROWS: Shipment[] = [];

export function useShipmentsPage(query: ShipmentQuery, onPageCorrected?: (page: number) => void) {
  const { t, i18n } = useTranslation('common');
  const client = useQueryClient();
  const corrected = useRef(onPageCorrected);
  corrected.current = onPageCorrected;
  const askedPage = Number(query.page ?? 1);

  // the language is part of the key: the API writes some texts in the user's language
  const { data, error, isError, isFetching, isPlaceholderData } = useQuery({
    queryKey: [...queryKeys.shipments.list, query, i18n.language],
    queryFn: ({ signal }) =>
      loadPageOrLast(askedPage, PAGE_SIZE, (page) =>
        shipmentsApi.list(
          { ...query, page: page > 1 ? page : undefined, fields: LIST_FIELDS.join(',') },
          signal,
        ),
      ),
    // the rows shown stay (greyed by the table's loading state) until the next page arrives
    placeholderData: keepPreviousData,
  });

  const shownPage = isPlaceholderData ? undefined : data?.page;
  useEffect(() => {
    if (shownPage !== undefined && shownPage !== askedPage) corrected.current?.(shownPage);
  }, [shownPage, askedPage]);
  useEffect(() => {
    if (error) notifyError(t('errors.title'), errorToNotificationBody(error));
    // a failure is told once, in the language of the moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: queryKeys.shipments.list }),
    [client],
  );
  // a failed load shows an empty table, as before
  const rows = isError || !data ? NO_ROWS : data.answer.results;
  const count = isError || !data ? 0 : data.answer.count;
  return { rows, count, pageCount: Math.max(1, Math.ceil(count / PAGE_SIZE)), loading: isFetching, reload };
}
