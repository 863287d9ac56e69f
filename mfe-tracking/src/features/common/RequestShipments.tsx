// The shipments of one tracking request, paged (30 a page): read-only in the list's modal; in the detail page
// with the 'Show All / Exclude Hidden' choice and a Hide/Show button per row (write permission).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingShipmentsApi, trackingRequestsApi, type Port, type Shipment } from '@portal/shared-api';
import { keepPreviousData, queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { Button, Table, ToggleButtons, type TableColumn } from '@portal/shared-ui';
import { useShipmentHealthText, useShipmentStatusText } from '@portal/shared-ui/lists';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import { formatDate, formatDateTime, NONE } from '../../lib/format';
import { notifyRequestError, notifyShipmentHidden } from '../../lib/notices';
import { shipmentsEmptyKey } from '../../lib/request-texts';

export const PAGE_SIZE = 30;

const NO_ROWS: Shipment[] = [];

export interface RequestShipmentsProps {
  requestId: number;
  /** Shows the Show All / Exclude Hidden choice and the per-row Hide/Show. */
  manageHidden?: boolean;
  canWrite?: boolean;
  /** The request's status: says why the table is empty (none yet, invalid, stopped). */
  status?: string;
}

const portText = (port: Port | null | undefined) => (port ? port.locode || port.name : NONE);

export function RequestShipments({
  requestId,
  manageHidden = false,
  canWrite = false,
  status,
}: RequestShipmentsProps) {
  const { t } = useTranslation(NS);
  const shipmentStatus = useShipmentStatusText();
  const shipmentHealth = useShipmentHealthText();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [excludeHidden, setExcludeHidden] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const onlyVisible = manageHidden && excludeHidden;
  const queryKey = [...queryKeys.tracking.requestShipments(requestId), { page, onlyVisible }] as const;
  // the page shown stays (greyed by the table's loading state) until the next one arrives
  const { data, error, isFetching } = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const answer = await trackingRequestsApi.shipments(
        requestId,
        { page, exclude_hidden: onlyVisible ? true : undefined },
        signal,
      );
      // with Exclude Hidden and nothing left: how many shipments the request has in all (0 = none at all)
      let hiddenCount = 0;
      if (onlyVisible && answer.count === 0) {
        hiddenCount = (await trackingRequestsApi.shipments(requestId, { page: 1 }, signal)).count;
      }
      return { rows: answer.results, count: answer.count, hiddenCount };
    },
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (error) notifyRequestError(error);
  }, [error]);
  const rows = data?.rows ?? NO_ROWS;
  const count = data?.count ?? 0;
  const hiddenCount = data?.hiddenCount ?? 0;

  const toggleHidden = async (shipment: Shipment) => {
    const hide = !shipment.hide;
    setBusyId(shipment.id);
    try {
      await (hide ? trackingShipmentsApi.hide(shipment.id) : trackingShipmentsApi.show(shipment.id));
      notifyShipmentHidden(hide);
      client.setQueryData<typeof data>(
        queryKey,
        (shown) =>
          shown && {
            ...shown,
            rows: shown.rows.map((row) => (row.id === shipment.id ? { ...row, hide } : row)),
          },
      );
      void client.invalidateQueries({ queryKey: queryKeys.tracking.requestShipments(requestId) });
      // the shipments remote's lists show the change too (same cache)
      void client.invalidateQueries({ queryKey: queryKeys.shipments.all });
    } catch (error) {
      notifyRequestError(error);
    } finally {
      setBusyId(null);
    }
  };

  const columns: TableColumn<Shipment>[] = [
    {
      key: 'container_number',
      header: t('shipments.container'),
      render: (row) => (
        <Link
          className="trk-link trk-mono"
          to={`/shipments/${row.id}`}
          aria-label={t('shipments.open', { container: row.container_number ?? row.id })}
        >
          {row.container_number ?? `#${row.id}`}
        </Link>
      ),
    },
    {
      key: 'status_verbose',
      header: t('shipments.status'),
      render: (row) => shipmentStatus(row.status_verbose) || NONE,
    },
    {
      key: 'health',
      header: t('shipments.health'),
      render: (row) =>
        row.health ? (
          <span className={`trk-health__dot trk-health--${row.health}`}>{shipmentHealth(row.health)}</span>
        ) : (
          NONE
        ),
    },
    { key: 'pol_loc', header: t('shipments.pol'), render: (row) => portText(row.pol_loc) },
    { key: 'pod_loc', header: t('shipments.pod'), render: (row) => portText(row.pod_loc) },
    { key: 'eta', header: t('shipments.eta'), render: (row) => formatDate(row.ata ?? row.eta) },
    {
      key: 'last_update',
      header: t('shipments.lastUpdate'),
      render: (row) => formatDateTime(row.last_update),
    },
  ];
  if (manageHidden) {
    columns.push({
      key: 'hide',
      header: canWrite ? t('shipments.hideShow') : t('shipments.hidden'),
      render: (row) =>
        canWrite ? (
          <span className="trk-inline">
            {row.hide && <span className="trk-muted">{t('shipments.hidden')}</span>}
            <Button
              size="sm"
              variant="secondary"
              busy={busyId === row.id}
              onClick={() => void toggleHidden(row)}
            >
              {row.hide ? t('shipments.show') : t('shipments.hide')}
            </Button>
          </span>
        ) : row.hide ? (
          t('shipments.hidden')
        ) : (
          NONE
        ),
    });
  }

  return (
    <div>
      {manageHidden && (
        <div className="trk-toolbar">
          <ToggleButtons
            label={t('shipments.visibility')}
            multiple={false}
            options={[
              { value: 'all', label: t('shipments.showAll') },
              { value: 'exclude', label: t('shipments.excludeHidden') },
            ]}
            value={[excludeHidden ? 'exclude' : 'all']}
            onChange={(value) => {
              if (value.length === 0) return;
              setExcludeHidden(value[0] === 'exclude');
              setPage(1);
            }}
          />
        </div>
      )}
      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={isFetching}
        emptyText={t(shipmentsEmptyKey(status, hiddenCount > 0), { count: hiddenCount })}
        caption={t('trackingRequestDetail.shipments')}
        page={page}
        pageCount={Math.max(1, Math.ceil(count / PAGE_SIZE))}
        onPageChange={setPage}
      />
    </div>
  );
}
