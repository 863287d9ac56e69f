// The list's sort keys: the 22 sortable columns (`ordering=field` ascending, `-field` descending, with a few other
// names accepted) parsed from the query, and turned into ORDER BY terms on the `shipments` table.
import { sql, type RawBuilder } from 'kysely';
import { SHIPMENT_ORDERING_FIELDS, type ShipmentOrderingField } from '@portal/shared-api/domain';
import type { ErrorCollector } from '../../lib/errors';
import { columnRefs, listParam } from '../../lib/query-params';
import { healthExpression, type HealthThresholds } from '../health';
import type { RawQuery, ShipmentFilters } from './filters';

/** The sortable columns (`ordering=field` ascending, `-field` descending) that are not a shipment column. */
const COMPUTED_ORDERING: Partial<Record<ShipmentOrderingField, RawBuilder<unknown> | null>> = {
  carrier: sql`(SELECT c.short_name FROM carriers c WHERE c.id = shipments.carrier_id)`,
  // by what the lists show: the UN/LOCODE, else the name
  pol_loc: sql`(SELECT coalesce(nullif(l.locode, ''), l.name) FROM locations l WHERE l.id = shipments.pol_loc_id)`,
  pod_loc: sql`(SELECT coalesce(nullif(l.locode, ''), l.name) FROM locations l WHERE l.id = shipments.pod_loc_id)`,
  health: null, // by severity: ontrack < delayed < alerted (needs the caller's thresholds)
};
const ORDERING_FIELDS: Readonly<Record<ShipmentOrderingField, RawBuilder<unknown> | null>> = {
  ...columnRefs(
    'shipments',
    SHIPMENT_ORDERING_FIELDS.filter((f) => !(f in COMPUTED_ORDERING)),
  ),
  ...COMPUTED_ORDERING,
};
type OrderingField = ShipmentOrderingField;
export const ORDERING_FIELD_NAMES: readonly OrderingField[] = SHIPMENT_ORDERING_FIELDS;
/** Other names accepted for a sortable column. */
const ORDERING_ALIASES: Record<string, OrderingField> = {
  carrier_name: 'carrier',
  pol: 'pol_loc',
  pod: 'pod_loc',
  status_verbose: 'status',
  free_time_days_left: 'free_time_lfd', // days left grow with the last free day
};

/** The `ordering` of the query (repeated or comma-separated; a field named again is ignored). */
export function parseOrdering(query: RawQuery, errors: ErrorCollector): ShipmentFilters['ordering'] {
  const ordering: ShipmentFilters['ordering'] = [];
  for (const v of listParam(query.ordering)) {
    const desc = v.startsWith('-');
    const name = desc ? v.slice(1) : v;
    const field = (ORDERING_FIELD_NAMES as string[]).includes(name)
      ? (name as OrderingField)
      : ORDERING_ALIASES[name];
    if (!field) errors.add('ordering', `Invalid ordering field "${v}".`);
    else if (!ordering.some((o) => o.field === field)) ordering.push({ field, desc });
  }
  return ordering;
}

export interface OrderTerm {
  expr: RawBuilder<unknown>;
  desc: boolean;
  nullsLast?: boolean;
  /** Its index holds only the rows with a value (partial), so the rows without are read apart. */
  partialIndex?: boolean;
}

/** The sort keys: order_dta first (dta ascending), then `ordering`, then id descending (stable pages). */
export function orderTerms(f: ShipmentFilters, thresholds: HealthThresholds): OrderTerm[] {
  const terms: OrderTerm[] = [];
  if (f.order_dta) terms.push({ expr: sql`shipments.dta`, desc: false, nullsLast: true });
  for (const o of f.ordering) {
    const expr =
      o.field === 'health'
        ? sql`(CASE ${healthExpression(thresholds)} WHEN 'ontrack' THEN 0 WHEN 'delayed' THEN 1 ELSE 2 END)`
        : ORDERING_FIELDS[o.field];
    // empty values last in both directions (PostgreSQL puts NULLs first when descending)
    if (expr) terms.push({ expr, desc: o.desc, nullsLast: true, partialIndex: o.field === 'free_time_lfd' });
  }
  if (!f.ordering.some((o) => o.field === 'id')) terms.push({ expr: sql`shipments.id`, desc: true });
  return terms;
}

export const termSql = (expr: RawBuilder<unknown>, t: OrderTerm): RawBuilder<unknown> =>
  sql`${expr} ${sql.raw(t.desc ? 'DESC' : 'ASC')}${sql.raw(t.nullsLast ? ' NULLS LAST' : '')}`;

/** ORDER BY terms: order_dta first (dta ascending), then `ordering`, then id descending (stable pages). */
export function shipmentOrderBy(f: ShipmentFilters, thresholds: HealthThresholds): RawBuilder<unknown>[] {
  return orderTerms(f, thresholds).map((t) => termSql(t.expr, t));
}
