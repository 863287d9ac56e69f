// The filters of the Export List modal (spec section 2, Export List): search, tracking status, health, carrier,
// project, POL, POD, days to arrival, the day ranges, and for each of the eight date fields a date range
// (yyyy-MM-dd, whatever the browser's language) and a relative day range. Every filter the list applied is
// shown and can be changed; applied filters without a field of their own (order, hidden, last days) are listed
// with a Remove button. Typed text is kept as typed: the form's check names a bad date or number.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Carrier, Project } from '@portal/shared-api';
import { FILTERABLE_TRACKING_STATUSES, HEALTH_VALUES } from '@portal/shared-api/domain';
import { Select, TextInput, ToggleButtons } from '@portal/shared-ui';
import { shipmentHealthText } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import { TEXT_FILTERS, type ExportForm } from './export-form';
import { many, one, withAppliedValue } from './export-filter-rules';
import { DateRanges, DayRanges, OtherFilters } from './ExportFilterGroups';
import { EXPORT_NS } from './i18n';

export interface ExportFiltersProps {
  filters: ExportForm['filters'];
  setFilter: (key: string, value: string | string[]) => void;
  /** Field key → message key of the form's check. */
  problems: Record<string, string>;
  carriers: Carrier[];
  projects: Project[];
}

export function ExportFilters({ filters, setFilter, problems, carriers, projects }: ExportFiltersProps) {
  const { t } = useTranslation(EXPORT_NS);
  const { t: tList } = useTranslation(NS);
  const baseId = useId();
  const text = (key: string) => one(filters[key]);
  const groupProps = { filters, setFilter, problems, baseId };

  return (
    <fieldset className="shp-export-filters" data-testid="export-filters">
      <legend>{t('filters')}</legend>
      <p className="pui-subtitle">{t('filtersHint')}</p>
      <div className="shp-export-filter-grid">
        <TextInput
          label={t('search')}
          value={text('search')}
          maxLength={200}
          onChange={(e) => setFilter('search', e.target.value)}
          data-testid="export-search"
        />
        <OwnerSelects {...groupProps} carriers={carriers} projects={projects} />
        {TEXT_FILTERS.filter((k) => k !== 'search').map((key) => (
          <TextInput
            key={key}
            label={t(key)}
            value={text(key)}
            maxLength={100}
            onChange={(e) => setFilter(key, e.target.value)}
            data-testid={`export-${key}`}
          />
        ))}
      </div>
      <ToggleButtons
        label={t('status')}
        options={FILTERABLE_TRACKING_STATUSES.map((s) => ({ value: s, label: tList(`trackingStatus.${s}`) }))}
        value={many(filters.status)}
        onChange={(v) => setFilter('status', v)}
      />
      <ToggleButtons
        label={t('health')}
        options={HEALTH_VALUES.map((h) => ({ value: h, label: shipmentHealthText(t, h) }))}
        value={many(filters.health)}
        onChange={(v) => setFilter('health', v)}
      />
      <DayRanges {...groupProps} />
      <DateRanges {...groupProps} />
      <OtherFilters filters={filters} setFilter={setFilter} />
    </fieldset>
  );
}

interface OwnerProps extends Pick<ExportFiltersProps, 'filters' | 'setFilter' | 'carriers' | 'projects'> {
  baseId: string;
}

/** Carrier and project (the project only when there are projects or one is applied). */
function OwnerSelects({ filters, setFilter, carriers, projects, baseId }: OwnerProps) {
  const { t } = useTranslation(EXPORT_NS);
  const carrierValue = one(filters.carrier);
  const projectValue = one(filters.project);
  return (
    <>
      <Select
        label={t('carrier')}
        value={carrierValue}
        placeholder={t('anyCarrier')}
        // an applied carrier the list of carriers does not hold (yet) is still shown
        options={withAppliedValue(
          carriers.map((c) => ({ value: String(c.id), label: c.short_name || c.official_name })),
          carrierValue,
        )}
        onChange={(v) => setFilter('carrier', v ? [v] : [])}
        id={`${baseId}-carrier`}
        name="carrier"
      />
      {(projects.length > 0 || projectValue !== '') && (
        <Select
          label={t('project')}
          value={projectValue}
          placeholder={t('anyProject')}
          options={withAppliedValue(
            projects.map((p) => ({ value: String(p.id), label: p.name })),
            projectValue,
          )}
          onChange={(v) => setFilter('project', v ? [v] : [])}
          id={`${baseId}-project`}
          name="project"
        />
      )}
    </>
  );
}
