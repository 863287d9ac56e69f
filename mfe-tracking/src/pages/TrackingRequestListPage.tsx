// Route page /tracking-requests: filters kept in the URL, Configure Columns, the paged sortable table with
// inline client code and project, Retry / Archive / Cancel, and a modal with a request's shipments.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canWrite as canWriteOf,
  exportTrackingRequests,
  useSession,
  type TrackingRequestRecord,
} from '@portal/shared-api';
import { useCarriers, useProjects } from '@portal/shared-api/queries';
import { Button, DURATIONS, Modal, Table, useIsMobile } from '@portal/shared-ui';
import {
  ConfigureColumnsModal,
  LISTS_NS,
  useColumnPreferences,
  useUrlFilters,
  visibleColumnKeys,
  type UrlFilters,
} from '@portal/shared-ui/lists';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { PAGE_SIZE, RequestShipments } from '../features/common/RequestShipments';
import {
  ALL_COLUMNS,
  DEFAULT_COLUMNS,
  DEFAULT_ORDERING,
  FILTERS,
  FIXED_COLUMNS,
  orderedColumns,
  type ColumnKey,
} from '../features/list/columns';
import { TrackingRequestFilters } from '../features/list/TrackingRequestFilters';
import { useRequestColumns } from '../features/list/use-request-columns';
import { useRequestList } from '../features/list/use-request-list';
import { notifyRequestError } from '../lib/notices';
import { ensureTrackingStyles } from '../lib/styles';

export function TrackingRequestListPage() {
  ensureTrackingStyles();
  const { t } = useTranslation(NS);
  const writable = useSession((state) => canWriteOf(state.user));
  const filters = useUrlFilters(FILTERS, { defaultOrdering: DEFAULT_ORDERING });
  const { page, setPage, ordering, setOrdering } = filters;
  const carriers = useCarriers();
  const projects = useProjects();
  const { saved, save } = useColumnPreferences('trackings_fields');
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [shipmentsOf, setShipmentsOf] = useState<TrackingRequestRecord | null>(null);
  const { rows, count, loading, reload, updateRow } = useRequestList(filters);

  const visible = visibleColumnKeys(ALL_COLUMNS, saved, DEFAULT_COLUMNS, FIXED_COLUMNS) as ColumnKey[];
  // at 620 px the key columns come first (the table scrolls sideways for the rest)
  const shownColumns = orderedColumns(visible, useIsMobile());
  const columns = useRequestColumns({
    shownColumns,
    writable,
    projects,
    updateRow,
    reload,
    showShipments: setShipmentsOf,
  });

  return (
    <section className="pui-page trk-page" data-testid="page-tracking-request-list-page">
      <ListHead writable={writable} />
      <TrackingRequestFilters filters={filters} carriers={carriers} projects={projects} />
      <ListActions
        filters={filters}
        visible={visible}
        writable={writable}
        count={loading ? null : count}
        onConfigureColumns={() => setColumnsOpen(true)}
      />
      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        ordering={ordering}
        onOrderingChange={setOrdering}
        page={page}
        pageCount={Math.max(1, Math.ceil(count / PAGE_SIZE))}
        onPageChange={setPage}
        loading={loading}
        emptyText={t('trackingRequestList.empty')}
        caption={t('trackingRequestList.caption')}
        className={writable ? 'trk-list trk-list--actions' : 'trk-list'}
      />
      <ConfigureColumnsModal
        open={columnsOpen}
        onClose={() => setColumnsOpen(false)}
        columns={ALL_COLUMNS.map((key) => ({ key, label: t(`columns.${key}`) }))}
        defaultColumns={DEFAULT_COLUMNS}
        fixedColumns={FIXED_COLUMNS}
        saved={saved}
        onSave={save}
        errorDuration={DURATIONS.trackingRequest}
      />
      <Modal
        open={shipmentsOf !== null}
        onClose={() => setShipmentsOf(null)}
        size="lg"
        title={t('shipments.modalTitle', { code: shipmentsOf?.code_value ?? '' })}
      >
        {shipmentsOf && <RequestShipments requestId={shipmentsOf.id} />}
      </Modal>
    </section>
  );
}

function ListHead({ writable }: { writable: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <header className="trk-page__head">
      <div>
        <h1>{t('trackingRequestList.title')}</h1>
        <p className="trk-page__subtitle">{t('trackingRequestList.subtitle')}</p>
      </div>
      {writable && (
        <Link className="pui-button pui-button--primary pui-button--md" to="/add-tracking-request">
          {t('trackingRequestList.add')}
        </Link>
      )}
    </header>
  );
}

interface ListActionsProps {
  filters: UrlFilters<typeof FILTERS>;
  visible: ColumnKey[];
  writable: boolean;
  /** Requests found; null while the list loads. */
  count: number | null;
  onConfigureColumns: () => void;
}

/** Reset, Configure Columns, Export (writers) and the count. */
function ListActions({ filters, visible, writable, count, onConfigureColumns }: ListActionsProps) {
  const { t } = useTranslation(NS);
  const { t: tl } = useTranslation(LISTS_NS);
  const [exporting, setExporting] = useState(false);

  const exportList = async () => {
    setExporting(true);
    try {
      await exportTrackingRequests(filters.query, visible);
    } catch (error) {
      notifyRequestError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="pui-list-actions">
      <Button variant="secondary" onClick={filters.reset}>
        {tl('filters.reset')}
      </Button>
      <Button variant="secondary" onClick={onConfigureColumns}>
        {tl('filters.configureColumns')}
      </Button>
      {writable && (
        <Button variant="secondary" busy={exporting} onClick={() => void exportList()}>
          {t('trackingRequestList.export')}
        </Button>
      )}
      <span className="trk-muted" aria-live="polite">
        {count === null ? '' : t('trackingRequestList.count', { count })}
      </span>
    </div>
  );
}
