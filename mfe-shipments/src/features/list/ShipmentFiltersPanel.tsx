// The filters of the shipment list: Search, health, Tracking Status toggle buttons, Carrier, Project (when the
// company has projects, or one is in the URL), POL, POD, and the collapsible More Filters area with the date
// ranges and day ranges.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Carrier, Project } from '@portal/shared-api';
import { Button, NumberInput, Select, ToggleButtons } from '@portal/shared-ui';
import { DateRangeFilter, LISTS_NS, ShipmentFilterFields, type UrlFilters } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import { DATE_FIELDS, DAY_FIELDS, moreFiltersCount, STATUS_VALUES, type SHIPMENT_FILTERS } from './filters';
import { FreeTimeFilters } from '../free-time/FreeTimeFilters';

export interface ShipmentFiltersPanelProps {
  filters: UrlFilters<typeof SHIPMENT_FILTERS>;
  carriers: Carrier[];
  projects?: Project[];
}

export function ShipmentFiltersPanel({ filters, carriers, projects = [] }: ShipmentFiltersPanelProps) {
  const { t } = useTranslation(NS);
  const { values, setFilter, setFilters, resetCount } = filters;
  const activeMore = moreFiltersCount(filters.applied);
  const [moreOpen, setMoreOpen] = useState(activeMore > 0);

  return (
    <section className="shp-panel" aria-label={t('shipmentList.filtersLabel')} data-testid="shipment-filters">
      <div className="shp-filters">
        <ShipmentFilterFields
          filters={filters}
          text={(name) => t(`shipmentList.${name}`)}
          idPrefix="filter"
          searchFieldClassName="shp-span-2"
        >
          <Select
            label={t('shipmentList.carrier')}
            value={values.carrier}
            placeholder={t('shipmentList.anyCarrier')}
            options={carriers.map((c) => ({ value: String(c.id), label: c.short_name || c.official_name }))}
            onChange={(v) => setFilter('carrier', v)}
            id="filter-carrier"
          />
          {(projects.length > 0 || values.project !== '') && (
            <Select
              label={t('shipmentList.project')}
              value={values.project}
              placeholder={t('shipmentList.anyProject')}
              options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
              onChange={(v) => setFilter('project', v)}
              id="filter-project"
            />
          )}
        </ShipmentFilterFields>
        <ToggleButtons
          className="shp-span-2"
          label={t('shipmentList.trackingStatus')}
          options={STATUS_VALUES.map((s) => ({ value: s, label: t(`trackingStatus.${s}`) }))}
          value={values.status}
          onChange={(v) => setFilter('status', v)}
        />
        <FreeTimeFilters
          endsWithin={values.free_time_ends_within}
          over={values.over_free_time}
          onEndsWithinChange={(v) => setFilter('free_time_ends_within', v)}
          onOverChange={(v) => setFilter('over_free_time', v)}
        />
      </div>
      {moreOpen && (
        <div className="shp-more" id="shp-more-filters" data-testid="more-filters" key={resetCount}>
          {DATE_FIELDS.map((field) => (
            <DateRangeFilter
              key={field}
              name={field}
              legend={t(`shipmentList.dates.${field}`)}
              after={values[`${field}_after`]}
              before={values[`${field}_before`]}
              onChange={({ after, before }) =>
                setFilters({ [`${field}_after`]: after, [`${field}_before`]: before })
              }
            />
          ))}
          {DAY_FIELDS.map((field) => (
            <DayRange key={field} field={field} values={values} setFilter={setFilter} />
          ))}
        </div>
      )}
      <FilterBar
        moreOpen={moreOpen}
        activeMore={activeMore}
        onToggleMore={() => setMoreOpen((open) => !open)}
        onReset={filters.reset}
      />
    </section>
  );
}

type Filters = ShipmentFiltersPanelProps['filters'];

interface DayRangeProps extends Pick<Filters, 'values' | 'setFilter'> {
  field: (typeof DAY_FIELDS)[number];
}

/** The min and max of one day range. */
function DayRange({ field, values, setFilter }: DayRangeProps) {
  const { t } = useTranslation(NS);
  return (
    <fieldset className="pui-date-range">
      <legend>{t(`shipmentList.days.${field}`)}</legend>
      <div className="pui-date-range__inputs">
        {(['min', 'max'] as const).map((bound) => {
          const key = `${field}_${bound}` as const;
          return (
            <NumberInput
              key={bound}
              id={key}
              label={t(`shipmentList.days.${bound}`)}
              value={values[key]}
              onValueChange={(next) => setFilter(key, next)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

interface FilterBarProps {
  moreOpen: boolean;
  /** Filters applied in the More Filters area. */
  activeMore: number;
  onToggleMore: () => void;
  onReset: () => void;
}

/** More / Fewer Filters (with the count applied there) and Reset. */
function FilterBar({ moreOpen, activeMore, onToggleMore, onReset }: FilterBarProps) {
  const { t } = useTranslation(NS);
  return (
    <div className="shp-filter-bar">
      <Button
        variant="link"
        aria-expanded={moreOpen}
        aria-controls="shp-more-filters"
        onClick={onToggleMore}
        data-testid="more-filters-toggle"
      >
        {moreOpen ? t('shipmentList.fewerFilters') : t('shipmentList.moreFilters')}
        {activeMore > 0 && ` (${activeMore})`}
      </Button>
      <Button variant="secondary" size="sm" onClick={onReset} data-testid="reset-filters">
        {t('filters.reset', { ns: LISTS_NS })}
      </Button>
    </div>
  );
}
