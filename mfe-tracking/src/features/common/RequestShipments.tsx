// The shipments of one tracking request, paged (30 a page): read-only in the list's modal; in the detail page
// with the 'Show All / Exclude Hidden' choice and a Hide/Show button per row (write permission).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Table, ToggleButtons } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { shipmentsEmptyKey } from '../../lib/request-texts';
import { useRequestShipments } from './use-request-shipments';
import { useShipmentColumns } from './use-shipment-columns';

export const PAGE_SIZE = 30;

export interface RequestShipmentsProps {
  requestId: number;
  /** Shows the Show All / Exclude Hidden choice and the per-row Hide/Show. */
  manageHidden?: boolean;
  canWrite?: boolean;
  /** The request's status: says why the table is empty (none yet, invalid, stopped). */
  status?: string;
}

export function RequestShipments({
  requestId,
  manageHidden = false,
  canWrite = false,
  status,
}: RequestShipmentsProps) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(1);
  const [excludeHidden, setExcludeHidden] = useState(false);
  const { rows, count, hiddenCount, loading, busyId, toggleHidden } = useRequestShipments(
    requestId,
    page,
    manageHidden && excludeHidden,
  );
  const columns = useShipmentColumns(
    manageHidden ? { canWrite, busyId, onToggle: (row) => void toggleHidden(row) } : null,
  );

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
        loading={loading}
        emptyText={t(shipmentsEmptyKey(status, hiddenCount > 0), { count: hiddenCount })}
        caption={t('trackingRequestDetail.shipments')}
        page={page}
        pageCount={Math.max(1, Math.ceil(count / PAGE_SIZE))}
        onPageChange={setPage}
      />
    </div>
  );
}
