// The shipments of one tracking request, a page at a time: only the visible ones on demand (then, when none is
// left, how many the request has in all), and Hide/Show of one shipment, shown at once.
import { useEffect, useState } from 'react';
import { trackingShipmentsApi, trackingRequestsApi, type Shipment } from '@portal/shared-api';
import { keepPreviousData, queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifyRequestError, notifyShipmentHidden } from '../../lib/notices';

const NO_ROWS: Shipment[] = [];

export interface ShipmentsPage {
  rows: Shipment[];
  count: number;
  /** With only the visible ones asked and none left: how many the request has in all (0 = none at all). */
  hiddenCount: number;
}

/** The page with one shipment's hidden flag changed. */
export function withHidden(shown: ShipmentsPage, id: number, hide: boolean): ShipmentsPage {
  return { ...shown, rows: shown.rows.map((row) => (row.id === id ? { ...row, hide } : row)) };
}

async function loadShipments(
  requestId: number,
  page: number,
  onlyVisible: boolean,
  signal: AbortSignal,
): Promise<ShipmentsPage> {
  const answer = await trackingRequestsApi.shipments(
    requestId,
    { page, exclude_hidden: onlyVisible ? true : undefined },
    signal,
  );
  let hiddenCount = 0;
  if (onlyVisible && answer.count === 0) {
    hiddenCount = (await trackingRequestsApi.shipments(requestId, { page: 1 }, signal)).count;
  }
  return { rows: answer.results, count: answer.count, hiddenCount };
}

export function useRequestShipments(requestId: number, page: number, onlyVisible: boolean) {
  const client = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const queryKey = [...queryKeys.tracking.requestShipments(requestId), { page, onlyVisible }] as const;
  // the page shown stays (greyed by the table's loading state) until the next one arrives
  const { data, error, isFetching } = useQuery({
    queryKey,
    queryFn: ({ signal }) => loadShipments(requestId, page, onlyVisible, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (error) notifyRequestError(error);
  }, [error]);

  const toggleHidden = async (shipment: Shipment) => {
    const hide = !shipment.hide;
    setBusyId(shipment.id);
    try {
      await (hide ? trackingShipmentsApi.hide(shipment.id) : trackingShipmentsApi.show(shipment.id));
      notifyShipmentHidden(hide);
      client.setQueryData<ShipmentsPage>(queryKey, (shown) => shown && withHidden(shown, shipment.id, hide));
      void client.invalidateQueries({ queryKey: queryKeys.tracking.requestShipments(requestId) });
      // the shipments remote's lists show the change too (same cache)
      void client.invalidateQueries({ queryKey: queryKeys.shipments.all });
    } catch (error) {
      notifyRequestError(error);
    } finally {
      setBusyId(null);
    }
  };

  return {
    rows: data?.rows ?? NO_ROWS,
    count: data?.count ?? 0,
    hiddenCount: data?.hiddenCount ?? 0,
    loading: isFetching,
    busyId,
    toggleHidden,
  };
}
