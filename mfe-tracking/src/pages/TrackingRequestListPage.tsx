// Route page /tracking-requests: filters kept in the URL, Configure Columns, the paged sortable table with
// inline client code and project, Retry / Archive / Cancel, and a modal with a request's shipments.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canWrite as canWriteOf,
  exportTrackingRequests,
  trackingRequestsApi,
  useSession,
  type TrackingRequestRecord,
} from '@portal/shared-api';
import {
  keepPreviousData,
  queryKeys,
  useCarriers,
  useProjects,
  useQuery,
  useQueryClient,
} from '@portal/shared-api/queries';
import { Button, DURATIONS, Modal, Table, useIsMobile, type TableColumn } from '@portal/shared-ui';
import {
  ConfigureColumnsModal,
  LISTS_NS,
  loadPageOrLast,
  useColumnPreferences,
  useUrlFilters,
  visibleColumnKeys,
} from '@portal/shared-ui/lists';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { HealthCounts } from '../features/common/HealthCounts';
import { InlineClientCode } from '../features/common/InlineClientCode';
import { InlineProject } from '../features/common/InlineProject';
import { RequestActions } from '../features/common/RequestActions';
import { PAGE_SIZE, RequestShipments } from '../features/common/RequestShipments';
import { StatusBadge } from '../features/common/StatusBadge';
import {
  ALL_COLUMNS,
  DEFAULT_COLUMNS,
  DEFAULT_ORDERING,
  FILTERS,
  FIXED_COLUMNS,
  orderedColumns,
  SORTABLE_COLUMNS,
  type ColumnKey,
} from '../features/list/columns';
import { TrackingRequestFilters } from '../features/list/TrackingRequestFilters';
import { formatDate, formatDateTime, NONE } from '../lib/format';
import { isInlineEditable } from '../lib/status-rules';
import { notifyRequestError } from '../lib/notices';
import { ensureTrackingStyles } from '../lib/styles';

/** While a request waits for its first shipments, the list asks again this often (ms). */
const REFRESH_WHILE_WAITING = 15_000;

const NO_ROWS: TrackingRequestRecord[] = [];
const isWaiting = (row: TrackingRequestRecord) => row.status === 'new' && row.shipments_count === 0;

export function TrackingRequestListPage() {
  ensureTrackingStyles();
  const { t } = useTranslation(NS);
  const { t: tl } = useTranslation(LISTS_NS);
  const writable = useSession((state) => canWriteOf(state.user));
  const filters = useUrlFilters(FILTERS, { defaultOrdering: DEFAULT_ORDERING });
  const { query, page, setPage, ordering, setOrdering, reset } = filters;
  const carriers = useCarriers();
  const projects = useProjects();
  const { saved, save } = useColumnPreferences('trackings_fields');
  const client = useQueryClient();
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [shipmentsOf, setShipmentsOf] = useState<TrackingRequestRecord | null>(null);
  const [exporting, setExporting] = useState(false);

  const listKey = [...queryKeys.tracking.requests, query, page] as const;
  // the page shown stays (greyed by the table's loading state) until the next one arrives
  const listQuery = useQuery({
    queryKey: listKey,
    // a page that no longer exists (an old bookmark, the list got shorter): the last one that does
    queryFn: ({ signal }) =>
      loadPageOrLast(page, PAGE_SIZE, (p) =>
        trackingRequestsApi.list({ ...query, page: p > 1 ? p : undefined }, signal),
      ),
    placeholderData: keepPreviousData,
    // while a request waits for its first shipments, the list asks again
    refetchInterval: (current) =>
      current.state.data?.answer.results.some(isWaiting) ? REFRESH_WHILE_WAITING : false,
    refetchIntervalInBackground: true,
  });
  const shownPage = listQuery.isPlaceholderData ? undefined : listQuery.data?.page;
  useEffect(() => {
    if (shownPage !== undefined && shownPage !== page) setPage(shownPage, { replace: true });
  }, [shownPage, page, setPage]);
  useEffect(() => {
    if (listQuery.error) notifyRequestError(listQuery.error);
  }, [listQuery.error]);
  const rows = listQuery.data?.answer.results ?? NO_ROWS;
  const count = listQuery.data?.answer.count ?? 0;
  const loading = listQuery.isFetching;
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: queryKeys.tracking.requests }),
    [client],
  );

  /** Applies a saved change to the row shown (inline edits, status changes). */
  const updateRow = useCallback(
    (id: number, change: Partial<TrackingRequestRecord>) =>
      client.setQueryData<typeof listQuery.data>(
        listKey,
        (shown) =>
          shown && {
            ...shown,
            answer: {
              ...shown.answer,
              results: shown.answer.results.map((row) => (row.id === id ? { ...row, ...change } : row)),
            },
          },
      ),
    // listKey is new on every render; its content is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, JSON.stringify(listKey)],
  );

  const visible = visibleColumnKeys(ALL_COLUMNS, saved, DEFAULT_COLUMNS, FIXED_COLUMNS) as ColumnKey[];
  // at 620 px the key columns come first (the table scrolls sideways for the rest)
  const narrow = useIsMobile();
  const shownColumns = orderedColumns(visible, narrow);

  const exportList = async () => {
    setExporting(true);
    try {
      await exportTrackingRequests(query, visible);
    } catch (error) {
      notifyRequestError(error);
    } finally {
      setExporting(false);
    }
  };

  const renderCell = useCallback(
    (key: ColumnKey, row: TrackingRequestRecord) => {
      switch (key) {
        case 'id':
          return (
            <Link
              className="trk-link"
              to={`/tracking-requests/${row.id}`}
              aria-label={t('actions.open', { id: row.id })}
            >
              {row.id}
            </Link>
          );
        case 'status':
          return <StatusBadge status={row.status} />;
        case 'code_type':
          return (
            <span className="trk-wrap">
              {t(`codeType.${row.code_type}`, { defaultValue: row.code_type })}
            </span>
          );
        case 'code_value':
          return <span className="trk-mono">{row.code_value}</span>;
        case 'client_code':
          return writable && isInlineEditable(row.status) ? (
            <InlineClientCode
              requestId={row.id}
              value={row.client_code ?? ''}
              onSaved={(client_code) => updateRow(row.id, { client_code })}
            />
          ) : (
            row.client_code || NONE
          );
        case 'project':
          return writable && isInlineEditable(row.status) && projects.length > 0 ? (
            <InlineProject
              requestId={row.id}
              projectId={row.project_id}
              projects={projects}
              onSaved={(project_id, project) => updateRow(row.id, { project_id, project })}
            />
          ) : (
            row.project || NONE
          );
        case 'carrier':
          return <span className="trk-wrap">{row.carrier}</span>;
        case 'shipments_count':
          return row.shipments_count;
        case 'shipments_health':
          return <HealthCounts counts={row.shipments_health} />;
        case 'contractual_eta_pod':
          return formatDate(row.contractual_eta_pod);
        case 'contractual_eta_dlv':
          return formatDate(row.contractual_eta_dlv);
        case 'container_filter':
          return row.container_filter?.length ? row.container_filter.join(', ') : NONE;
        case 'last_update':
          return formatDateTime(row.last_update);
        case 'created_at':
          // the day in the column, the time on hover (the column fits at 1366 px)
          return <span title={formatDateTime(row.created_at)}>{formatDate(row.created_at)}</span>;
        case 'modified_at':
          return formatDateTime(row.modified_at);
        default:
          return null;
      }
    },
    [t, writable, projects, updateRow],
  );

  const columns = useMemo(() => {
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
            onClick={() => setShipmentsOf(row)}
          >
            <span aria-hidden="true">›</span>
          </button>
        ),
      },
      ...shownColumns.map((key) => ({
        key,
        header: t(`columns.${key}`),
        sortable: SORTABLE_COLUMNS.includes(key),
        render: (row: TrackingRequestRecord) => renderCell(key, row),
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
  }, [t, shownColumns, renderCell, writable, updateRow, reload]);

  return (
    <section className="pui-page trk-page" data-testid="page-tracking-request-list-page">
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
      <TrackingRequestFilters filters={filters} carriers={carriers} projects={projects} />
      <div className="pui-list-actions">
        <Button variant="secondary" onClick={reset}>
          {tl('filters.reset')}
        </Button>
        <Button variant="secondary" onClick={() => setColumnsOpen(true)}>
          {tl('filters.configureColumns')}
        </Button>
        {writable && (
          <Button variant="secondary" busy={exporting} onClick={() => void exportList()}>
            {t('trackingRequestList.export')}
          </Button>
        )}
        <span className="trk-muted" aria-live="polite">
          {loading ? '' : t('trackingRequestList.count', { count })}
        </span>
      </div>
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
