// The shipment list (/shipments): filters kept in the URL, Configure Columns, sortable columns (free time too), the pager,
// the Last Alert Events and Custom Form modals; each row links to its detail.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canWrite, useSession } from '@portal/shared-api';
import { Button } from '@portal/shared-ui';
import {
  ConfigureColumnsModal,
  LISTS_NS,
  useColumnPreferences,
  useUrlFilters,
  visibleColumnKeys,
} from '@portal/shared-ui/lists';
import { NS } from '../i18n';
import { columnLabel, COLUMN_KEYS, DEFAULT_COLUMNS, withFreeTimeColumn } from '../features/list/columns';
import { SHIPMENT_FILTERS } from '../features/list/filters';
import { ShipmentFiltersPanel } from '../features/list/ShipmentFiltersPanel';
import { ShipmentTable } from '../features/list/ShipmentTable';
import { useShipmentsPage } from '../features/list/use-shipments-page';
import { ExportListModal } from '../features/export/ExportListModal';
import { EXPORT_NS } from '../features/export/i18n';
import { useCarriers, useProjects } from '@portal/shared-api/queries';
import { ensureShipmentStyles } from '../lib/styles';

export function ShipmentListPage() {
  ensureShipmentStyles();
  const { t } = useTranslation(NS);
  const filters = useUrlFilters(SHIPMENT_FILTERS);
  const carriers = useCarriers();
  const projects = useProjects();
  const { rows, count, pageCount, loading, reload } = useShipmentsPage(filters.query, (page) =>
    filters.setPage(page, { replace: true }),
  );
  const columnsPrefs = useColumnPreferences('shipments_fields');
  const [configOpen, setConfigOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const writable = canWrite(useSession((s) => s.user));
  const visible = withFreeTimeColumn(visibleColumnKeys(COLUMN_KEYS, columnsPrefs.saved, DEFAULT_COLUMNS), {
    endsWithin: filters.values.free_time_ends_within,
    over: filters.values.over_free_time,
    ordering: filters.ordering,
  });

  return (
    <section className="pui-page shp-page" data-testid="page-shipment-list-page">
      <div className="shp-head">
        <div>
          <h1>{t('shipmentList.title')}</h1>
          <p className="pui-subtitle">{t('shipmentList.subtitle')}</p>
        </div>
        <div className="shp-actions">
          <Button variant="secondary" onClick={() => setConfigOpen(true)} data-testid="configure-columns">
            {t('filters.configureColumns', { ns: LISTS_NS })}
          </Button>
          {writable && (
            <Button variant="secondary" onClick={() => setExportOpen(true)} data-testid="export-list">
              {t('button', { ns: EXPORT_NS })}
            </Button>
          )}
        </div>
      </div>
      <ShipmentFiltersPanel filters={filters} carriers={carriers} projects={projects} />
      <div className="shp-count" data-testid="shipment-count" aria-live="polite">
        {loading ? '\u00a0' : t('shipmentList.count', { count })}
      </div>
      <ShipmentTable
        rows={rows}
        visibleColumns={visible}
        ordering={filters.ordering}
        onOrderingChange={filters.setOrdering}
        page={filters.page}
        pageCount={pageCount}
        onPageChange={filters.setPage}
        loading={loading}
        onChanged={reload}
        emptyText={t('shipmentList.empty')}
      />
      <ConfigureColumnsModal
        open={configOpen}
        onClose={() => setConfigOpen(false)}
        columns={COLUMN_KEYS.map((key) => ({ key, label: columnLabel(t, key) }))}
        defaultColumns={DEFAULT_COLUMNS}
        saved={columnsPrefs.saved}
        onSave={columnsPrefs.save}
      />
      {writable && (
        <ExportListModal open={exportOpen} onClose={() => setExportOpen(false)} listFilters={filters.query} />
      )}
    </section>
  );
}
