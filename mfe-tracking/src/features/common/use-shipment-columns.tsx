// The columns of a tracking request's shipments table, with the Hide/Show column where hidden ones are managed.
import { useTranslation } from 'react-i18next';
import type { Port, Shipment } from '@portal/shared-api';
import { Button, type TableColumn } from '@portal/shared-ui';
import { useShipmentHealthText, useShipmentStatusText } from '@portal/shared-ui/lists';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import { formatDate, formatDateTime, NONE } from '../../lib/format';

const portText = (port: Port | null | undefined) => (port ? port.locode || port.name : NONE);

interface HideColumn {
  canWrite: boolean;
  /** The shipment whose Hide/Show is being saved. */
  busyId: number | null;
  onToggle: (shipment: Shipment) => void;
}

export function useShipmentColumns(hideColumn: HideColumn | null): TableColumn<Shipment>[] {
  const { t } = useTranslation(NS);
  const shipmentStatus = useShipmentStatusText();
  const shipmentHealth = useShipmentHealthText();
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
  if (hideColumn) {
    const { canWrite, busyId, onToggle } = hideColumn;
    columns.push({
      key: 'hide',
      header: canWrite ? t('shipments.hideShow') : t('shipments.hidden'),
      render: (row) =>
        canWrite ? (
          <span className="trk-inline">
            {row.hide && <span className="trk-muted">{t('shipments.hidden')}</span>}
            <Button size="sm" variant="secondary" busy={busyId === row.id} onClick={() => onToggle(row)}>
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
  return columns;
}
