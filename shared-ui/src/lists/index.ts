// Public API of `@portal/shared-ui/lists`: building blocks of the list and form screens (URL-kept filters, tag
// input, Configure Columns, date ranges, the shipment filters and status/health texts). A federation singleton of
// its own, so the shell, which never draws a list, does not load it before the first remote (see docs/adr/0002).
export { LISTS_NS, listsResources } from './i18n';
export { ensureListStyles, listsCss } from './styles';
export { useUrlFilters, PAGE_PARAM, ORDERING_PARAM } from './use-url-filters';
export type {
  FilterKind,
  FilterSchema,
  FilterValues,
  UrlFilters,
  UrlFiltersOptions,
} from './use-url-filters';
export { TagInput } from './TagInput';
export type { TagInputProps } from './TagInput';
export {
  CONTAINER_NUMBER_PATTERN,
  isContainerNumberFormat,
  normalizeContainerNumber,
  containerCheckDigit,
  hasValidCheckDigit,
} from './container-number';
export { DateRangeFilter } from './DateRangeFilter';
export type { DateRange, DateRangeFilterProps } from './DateRangeFilter';
export { isIsoDate } from './dates';
export { isPastTheEnd, loadPageOrLast } from './pages';
export { shipmentStatusKey, shipmentStatusText, useShipmentStatusText } from './shipment-status';
export { shipmentHealthText, useShipmentHealthText } from './shipment-health';
export { ShipmentFilterFields } from './ShipmentFilterFields';
export type { ShipmentFilterFieldsProps, ShipmentFilterText } from './ShipmentFilterFields';
export { ConfigureColumnsModal } from './ConfigureColumnsModal';
export type { ColumnOption, ConfigureColumnsModalProps } from './ConfigureColumnsModal';
export { visibleColumnKeys, useColumnPreferences } from './columns';
export type { ColumnsField } from './columns';
