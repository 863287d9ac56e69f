// The map's filters (spec section 2): search, health, POL, POD, kept in the URL; text is debounced 500 ms.
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared-ui';
import { ShipmentFilterFields, type UrlFilters } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import type { MAP_FILTERS } from './filters';

export function MapFilters({ filters }: { filters: UrlFilters<typeof MAP_FILTERS> }) {
  const { t } = useTranslation(NS);
  return (
    <section
      className="map-where-filters"
      aria-label={t('mapLocations.filtersLabel')}
      data-testid="map-filters"
    >
      <ShipmentFilterFields
        filters={filters}
        text={(name) => t(`mapLocations.${name}`)}
        idPrefix="map-filter"
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
