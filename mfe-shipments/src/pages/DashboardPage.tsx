// The dashboard (/dashboard): four tabs with counts (last week, on track, out of date, attention required), the
// shipments of the selected tab, the last-alert-events modal, and the settings popovers (write permission).
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canWrite, useSession, type ShipmentQuery } from '@portal/shared-api';
import { useEventCodes } from '@portal/shared-api/queries';
import { Tabs } from '@portal/shared-ui';
import { Link } from '@portal/shared-ui/router';
import { visibleColumnKeys } from '@portal/shared-ui/lists';
import { NS } from '../i18n';
import { COLUMN_KEYS, DEFAULT_COLUMNS } from '../features/list/columns';
import { ShipmentTable } from '../features/list/ShipmentTable';
import { useShipmentsPage } from '../features/list/use-shipments-page';
import { DashboardSettings } from '../features/dashboard/DashboardSettings';
import { FreeTimeCounts } from '../features/dashboard/FreeTimeCounts';
import { useDashboardStats } from '../features/dashboard/use-dashboard-stats';
import { ensureShipmentStyles } from '../lib/styles';

const DASHBOARD_TABS = [
  { key: 'lastWeek', filter: { last_n_days: '7' }, stat: 'shipments_last_week_count' },
  { key: 'ontrack', filter: { health: 'ontrack' }, stat: 'shipments_on_track_count' },
  { key: 'delayed', filter: { health: 'delayed' }, stat: 'shipments_warning_count' },
  { key: 'alerted', filter: { health: 'alerted' }, stat: 'shipments_with_incidents_count' },
] as const;
type TabKey = (typeof DASHBOARD_TABS)[number]['key'];

export function DashboardPage() {
  ensureShipmentStyles();
  const { t } = useTranslation(NS);
  const user = useSession((s) => s.user);
  const writable = canWrite(user);
  const savedColumns = user?.userprofile?.shipments_fields;
  const [tab, setTab] = useState<TabKey>('lastWeek');
  const [page, setPage] = useState(1);
  const [ordering, setOrdering] = useState('');
  const eventCodes = useEventCodes();

  const current = DASHBOARD_TABS.find((d) => d.key === tab) ?? DASHBOARD_TABS[0];
  const query = useMemo<ShipmentQuery>(
    () => ({ ...current.filter, page, ...(ordering ? { ordering } : {}) }),
    [current, page, ordering],
  );
  const { rows, pageCount, loading, reload } = useShipmentsPage(query);

  const { stats, reloadStats } = useDashboardStats();
  const refresh = useCallback(() => {
    reloadStats();
    reload();
  }, [reloadStats, reload]);

  const listLink = `/shipments?${new URLSearchParams(
    'health' in current.filter ? { health: current.filter.health } : { created_at_after: weekAgo() },
  )}`;

  return (
    <section className="pui-page shp-page" data-testid="page-dashboard-page">
      <div className="shp-head">
        <div>
          <h1>{t('dashboard.title')}</h1>
          <p className="pui-subtitle">{t('dashboard.subtitle')}</p>
        </div>
      </div>
      <FreeTimeCounts
        ending={stats?.free_time_ending_count}
        over={stats?.over_free_time_count}
        warningDays={stats?.free_time_warning_days}
      />
      <div className="shp-dash-tabs">
        <Tabs
          label={t('dashboard.tabsLabel')}
          activeKey={tab}
          onChange={(key) => {
            setTab(key as TabKey);
            setPage(1);
          }}
          tabs={DASHBOARD_TABS.map((d) => ({
            key: d.key,
            label: t(`dashboard.tabs.${d.key}`),
            count: stats ? Number(stats[d.stat] ?? 0) : undefined,
          }))}
        />
        {writable && (tab === 'delayed' || tab === 'alerted') && (
          <DashboardSettings key={tab} kind={tab} eventCodes={eventCodes} onSaved={refresh} />
        )}
      </div>
      <div className="shp-filter-bar">
        <Link className="shp-link" to={listLink} data-testid="dashboard-open-list">
          {t('dashboard.openInList')} →
        </Link>
      </div>
      <ShipmentTable
        rows={rows}
        visibleColumns={visibleColumnKeys(COLUMN_KEYS, savedColumns, DEFAULT_COLUMNS)}
        ordering={ordering}
        onOrderingChange={(o) => {
          setOrdering(o);
          setPage(1);
        }}
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        loading={loading}
        onChanged={refresh}
      />
    </section>
  );
}

/** yyyy-MM-dd seven days ago (UTC), the list's created_at_after for the last-week tab. */
function weekAgo(): string {
  return new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
}
