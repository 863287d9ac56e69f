// The tracking request table's columns: the shipments expander, the visible data columns in display order,
// and Retry / Archive / Cancel for writers.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project, TrackingRequestRecord } from '@portal/shared-api';
import type { TableColumn } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { RequestActions } from '../common/RequestActions';
import { SORTABLE_COLUMNS, type ColumnKey } from './columns';
import { RequestCell } from './RequestCell';

interface Options {
  shownColumns: ColumnKey[];
  writable: boolean;
  projects: Project[];
  updateRow: (id: number, change: Partial<TrackingRequestRecord>) => void;
  reload: () => void;
  /** Opens the modal with the request's shipments. */
  showShipments: (row: TrackingRequestRecord) => void;
}

export function useRequestColumns({
  shownColumns,
  writable,
  projects,
  updateRow,
  reload,
  showShipments,
}: Options) {
  const { t } = useTranslation(NS);
  return useMemo(() => {
    const list: TableColumn<TrackingRequestRecord>[] = [
      {
        key: 'expand',
        header: <span className="pui-visually-hidden">{t('columns.shipments_count')}</span>,
        width: '40px',
        render: (row) => (
          <button
            type="button"
            className="trk-expander"
            aria-haspopup="dialog"
            aria-label={t('actions.showShipments', { id: row.id })}
            onClick={() => showShipments(row)}
          >
            <span aria-hidden="true">›</span>
          </button>
        ),
      },
      ...shownColumns.map((key) => ({
        key,
        header: t(`columns.${key}`),
        sortable: SORTABLE_COLUMNS.includes(key),
        render: (row: TrackingRequestRecord) => (
          <RequestCell column={key} row={row} writable={writable} projects={projects} onChange={updateRow} />
        ),
      })),
    ];
    if (writable) {
      list.push({
        key: 'actions',
        header: t('columns.actions'),
        render: (row) => (
          <RequestActions
            request={row}
            place="list"
            onStatusChange={(status) => {
              updateRow(row.id, { status });
              reload();
            }}
          />
        ),
      });
    }
    return list;
  }, [t, shownColumns, writable, projects, updateRow, reload, showShipments]);
}
