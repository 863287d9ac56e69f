// The map's filters (spec section 2): search, health, POL, POD, kept in the URL; text is debounced 500 ms.
import { useTranslation } from 'react-i18next';
import { Button, Select, TextInput } from '@portal/shared-ui';
import type { UrlFilters } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import { HEALTH_VALUES, type MAP_FILTERS } from './filters';

export function MapFilters({ filters }: { filters: UrlFilters<typeof MAP_FILTERS> }) {
  const { t } = useTranslation(NS);
  const { values, setFilter } = filters;
  return (
    <section
      className="map-where-filters"
      aria-label={t('mapLocations.filtersLabel')}
      data-testid="map-filters"
    >
      <TextInput
        type="search"
        label={t('mapLocations.search')}
        placeholder={t('mapLocations.searchPlaceholder')}
        value={values.search}
        onChange={(e) => setFilter('search', e.target.value)}
        data-testid="map-filter-search"
      />
      <Select
        label={t('mapLocations.health')}
        value={values.health}
        placeholder={t('mapLocations.anyHealth')}
        options={HEALTH_VALUES.map((h) => ({ value: h, label: t(`health.${h}`) }))}
        onChange={(v) => setFilter('health', v)}
        id="map-filter-health"
      />
      <TextInput
        label={t('mapLocations.pol')}
        placeholder={t('mapLocations.portPlaceholder')}
        value={values.pol_loc}
        onChange={(e) => setFilter('pol_loc', e.target.value)}
        data-testid="map-filter-pol"
      />
      <TextInput
        label={t('mapLocations.pod')}
        placeholder={t('mapLocations.portPlaceholder')}
        value={values.pod_loc}
        onChange={(e) => setFilter('pod_loc', e.target.value)}
        data-testid="map-filter-pod"
      />
      <Button
        variant="secondary"
        onClick={filters.reset}
        disabled={!filters.filtered}
        data-testid="map-filter-reset"
      >
        {t('mapLocations.reset')}
      </Button>
    </section>
  );
}
