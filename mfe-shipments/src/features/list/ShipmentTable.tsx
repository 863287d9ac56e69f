// The shipments table of the list and the dashboard: visible columns, sorting, pager, the last-alert-events
// modal and (with write permission) the custom form modal.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canWrite, useSession, type Shipment } from '@portal/shared-api';
import { Table, useIsMobile } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { LastAlertEventsModal } from '../alerts/LastAlertEventsModal';
import { CustomFormModal } from '../custom-form/CustomFormModal';
import { shipmentColumns } from './columns';

export interface ShipmentTableProps {
  rows: Shipment[];
  visibleColumns: readonly string[];
  ordering: string;
  onOrderingChange: (ordering: string) => void;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  loading: boolean;
  /** Reload after a change made from the table (alert events hidden, form saved). */
  onChanged: () => void;
  emptyText?: string;
}

export function ShipmentTable(props: ShipmentTableProps) {
  const { t, i18n } = useTranslation(NS);
  const writable = canWrite(useSession((s) => s.user));
  const [alertsFor, setAlertsFor] = useState<Shipment | null>(null);
  const [formFor, setFormFor] = useState<Shipment | null>(null);
  // at 620 px the key columns come first (the table scrolls sideways for the rest)
  const narrow = useIsMobile();
  const columns = useMemo(
    () =>
      shipmentColumns(
        t,
        props.visibleColumns,
        { onOpenAlerts: setAlertsFor, onEditForm: writable ? setFormFor : undefined },
        narrow,
        i18n.language,
      ),
    [t, props.visibleColumns, writable, narrow, i18n.language],
  );
  return (
    <>
      <Table
        columns={columns}
        rows={props.rows}
        rowKey={(s) => s.id}
        ordering={props.ordering}
        onOrderingChange={props.onOrderingChange}
        page={props.page}
        pageCount={props.pageCount}
        onPageChange={props.onPageChange}
        loading={props.loading}
        emptyText={props.emptyText}
        caption={t('shipmentList.title')}
        className="pui-table--sticky-first"
      />
      <LastAlertEventsModal
        shipment={alertsFor}
        writable={writable}
        onClose={() => setAlertsFor(null)}
        onChanged={props.onChanged}
      />
      <CustomFormModal shipment={formFor} onClose={() => setFormFor(null)} onSaved={props.onChanged} />
    </>
  );
}
