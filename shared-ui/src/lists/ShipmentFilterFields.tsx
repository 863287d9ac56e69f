// The filters the shipment list and the map share (spec section 2): Search, Health, POL and POD, kept in the URL
// by useUrlFilters (typed text reaches it after the debounce, health at once). Each screen keeps its own texts and
// test ids; its own filters (carrier, project…) are the children, placed between Health and POL.
import type { ReactNode } from 'react';
import { HEALTH_VALUES } from '@portal/shared-api/domain';
import { Select, TextInput } from '@portal/shared-ui';
import { useShipmentHealthText } from './shipment-health';
import type { UrlFilters } from './use-url-filters';

type SharedSchema = { search: 'text'; health: 'value'; pol_loc: 'text'; pod_loc: 'text' };

/** The names of the texts, as both screens' namespaces spell them (`shipmentList.anyHealth`, `mapLocations.pol`…). */
export type ShipmentFilterText =
  'search' | 'searchPlaceholder' | 'health' | 'anyHealth' | 'pol' | 'pod' | 'portPlaceholder';

export interface ShipmentFilterFieldsProps {
  filters: Pick<UrlFilters<SharedSchema>, 'values' | 'setFilter'>;
  text: (name: ShipmentFilterText) => string;
  /** `<idPrefix>-search`, `-pol`, `-pod` are the inputs' test ids, `<idPrefix>-health` the select's id. */
  idPrefix: string;
  /** Class of the search field's wrapper (its place in the screen's grid). */
  searchFieldClassName?: string;
  children?: ReactNode;
}

export function ShipmentFilterFields({
  filters,
  text,
  idPrefix,
  searchFieldClassName,
  children,
}: ShipmentFilterFieldsProps) {
  const { values, setFilter } = filters;
  const healthText = useShipmentHealthText();
  const port = (key: 'pol_loc' | 'pod_loc', label: 'pol' | 'pod') => (
    <TextInput
      label={text(label)}
      placeholder={text('portPlaceholder')}
      value={values[key]}
      onChange={(e) => setFilter(key, e.target.value)}
      data-testid={`${idPrefix}-${label}`}
    />
  );
  return (
    <>
      <TextInput
        fieldClassName={searchFieldClassName}
        type="search"
        label={text('search')}
        placeholder={text('searchPlaceholder')}
        value={values.search}
        onChange={(e) => setFilter('search', e.target.value)}
        data-testid={`${idPrefix}-search`}
      />
      <Select
        label={text('health')}
        value={values.health}
        placeholder={text('anyHealth')}
        options={HEALTH_VALUES.map((h) => ({ value: h, label: healthText(h) }))}
        onChange={(v) => setFilter('health', v)}
        id={`${idPrefix}-health`}
      />
      {children}
      {port('pol_loc', 'pol')}
      {port('pod_loc', 'pod')}
    </>
  );
}
