// The filter bar of the tracking request list: search, Tracking Status buttons, carrier, project (when the
// company has projects, or one is in the URL), last-update and created date ranges.
import { useTranslation } from 'react-i18next';
import { FILTERABLE_TRACKING_STATUSES, type Carrier, type Project } from '@portal/shared-api';
import { Select, TextInput, ToggleButtons } from '@portal/shared-ui';
import { DateRangeFilter, type UrlFilters } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import type { FILTERS } from './columns';

export interface TrackingRequestFiltersProps {
  filters: UrlFilters<typeof FILTERS>;
  carriers: Carrier[];
  projects: Project[];
}

export function TrackingRequestFilters({ filters, carriers, projects }: TrackingRequestFiltersProps) {
  const { t } = useTranslation(NS);
  const { values, setFilter, setFilters, resetCount } = filters;
  return (
    <section className="pui-filter-bar" aria-label={t('filters.label')}>
      <TextInput
        type="search"
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={values.search}
        onChange={(event) => setFilter('search', event.target.value)}
      />
      <Select
        label={t('filters.carrier')}
        placeholder={t('filters.allCarriers')}
        value={values.carrier_id}
        options={carriers.map((c) => ({ value: String(c.id), label: c.official_name }))}
        onChange={(value) => setFilter('carrier_id', value)}
      />
      {(projects.length > 0 || values.project_id !== '') && (
        <Select
          id="filter-project"
          label={t('filters.project')}
          placeholder={t('filters.allProjects')}
          value={values.project_id}
          options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
          onChange={(value) => setFilter('project_id', value)}
        />
      )}
      <DateRangeFilter
        key={`last_update-${resetCount}`}
        legend={t('filters.lastUpdate')}
        name="last_update"
        after={values.last_update_after}
        before={values.last_update_before}
        onChange={({ after, before }) => setFilters({ last_update_after: after, last_update_before: before })}
      />
      <DateRangeFilter
        key={`created_at-${resetCount}`}
        legend={t('filters.createdAt')}
        name="created_at"
        after={values.created_at_after}
        before={values.created_at_before}
        onChange={({ after, before }) => setFilters({ created_at_after: after, created_at_before: before })}
      />
      <div className="pui-filter-bar__wide">
        <ToggleButtons
          label={t('filters.status')}
          options={FILTERABLE_TRACKING_STATUSES.map((status) => ({
            value: status,
            label: t(`status.${status}`),
          }))}
          value={values.status}
          onChange={(value) => setFilter('status', value)}
        />
      </div>
    </section>
  );
}
