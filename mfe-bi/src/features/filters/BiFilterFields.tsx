// The filter fields a BI metric takes: carrier, POL, POD, the creation date range and its numeric filters.
import { useTranslation } from 'react-i18next';
import type { Carrier } from '@portal/shared-api';
import { TextInput } from '@portal/shared-ui';
import { DateRangeFilter } from '@portal/shared-ui/lists';
import type { Lang, MetricDef } from '../../lib/bi-api';
import type { BiFilters } from '../../lib/bi-url';
import { NS } from '../../i18n';
import { CarrierSelect } from './BiFilterForm';
import { BiNumberInput } from './BiNumberInput';

/** The port fields (POL, POD), each shown when the metric takes its `<port>_loc` filter. */
const PORT_FILTERS = ['pol', 'pod'] as const;

export function BiFilterFields({
  def,
  filters,
  setFilters,
  carriers,
  lang,
}: {
  def: MetricDef | undefined;
  filters: BiFilters;
  setFilters: (change: (f: BiFilters) => BiFilters) => void;
  carriers: Carrier[];
  lang: Lang;
}) {
  const { t } = useTranslation(NS);
  const has = (name: MetricDef['filters'][number]) => def?.filters.includes(name) ?? false;
  return (
    <>
      {has('carrier') && (
        <CarrierSelect
          id="bi-carrier"
          carriers={carriers}
          value={filters.carrier}
          onChange={(v) => setFilters((f) => ({ ...f, carrier: v }))}
        />
      )}
      {PORT_FILTERS.filter((port) => has(`${port}_loc`)).map((port) => (
        <TextInput
          key={port}
          id={`bi-${port}`}
          label={t(port)}
          placeholder={t('portHint')}
          maxLength={100}
          value={filters[port]}
          onChange={(e) => setFilters((f) => ({ ...f, [port]: e.target.value }))}
        />
      ))}
      {has('created_at_range') && (
        <DateRangeFilter
          legend={t('createdRange')}
          name="created_at_range"
          after={filters.after}
          before={filters.before}
          onChange={({ after, before }) => setFilters((f) => ({ ...f, after, before }))}
        />
      )}
      {def?.numericFilters.map((n) => (
        <BiNumberInput
          key={n.name}
          id={`bi-${n.name}`}
          name={n.name}
          label={n.labels[lang]}
          min={n.min}
          max={n.max}
          value={filters.numeric[n.name] ?? ''}
          onChange={(value) => setFilters((f) => ({ ...f, numeric: { ...f.numeric, [n.name]: value } }))}
        />
      ))}
    </>
  );
}
