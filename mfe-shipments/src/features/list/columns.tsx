// The columns of the shipment tables (the sortable ones keyed by the API's ordering fields, then the free-time ones), the default set,
// and the cells: health dot, dates, the last-alert button and the per-row custom-form button.
import type { TFunction } from 'i18next';
import type { Port, Shipment } from '@portal/shared-api';
import { listColumnFields, SHIPMENT_ORDERING_FIELDS } from '@portal/shared-api/domain';
import type { TableColumn } from '@portal/shared-ui';
import { shipmentHealthText, shipmentStatusText } from '@portal/shared-ui/lists';
import { Link } from '@portal/shared-ui/router';
import { formatDate, formatNumber, formatTimestamp } from '../../lib/format';
import { hasCustomForm } from '../custom-form/schema';
import { FreeTimeBadge } from '../free-time/FreeTimeBadge';
import { daysLeftText, formatMoney, freeTimeTone } from '../free-time/format';
import { FREE_TIME_NS } from '../free-time/i18n';

/** The status text in the current language (the API sends it in English); shared with mfe-tracking. */
export const statusText = shipmentStatusText;

/** Demurrage and detention columns besides the last free day (an ordering field); days left sorts by it. */
const FREE_TIME_COLUMN_KEYS = [
  'free_time_days_left',
  'free_time_state',
  'demurrage_lfd',
  'detention_lfd',
  'demurrage_cost',
  'detention_cost',
] as const;

/** The columns: the API's ordering fields (from the domain module both sides import), then the free-time ones. */
export const COLUMN_KEYS = [...SHIPMENT_ORDERING_FIELDS, ...FREE_TIME_COLUMN_KEYS] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

const SORT_KEYS: Partial<Record<ColumnKey, string>> = { free_time_days_left: 'free_time_lfd' };
const isSortable = (key: ColumnKey) =>
  (SHIPMENT_ORDERING_FIELDS as readonly string[]).includes(key) || key in SORT_KEYS;
const FREE_TIME_KEYS: readonly string[] = ['free_time_lfd', ...FREE_TIME_COLUMN_KEYS];

/** A column's header text (the free-time ones live in their own namespace). */
export function columnLabel(t: TFunction, key: string): string {
  return FREE_TIME_KEYS.includes(key) ? t(`columns.${key}`, { ns: FREE_TIME_NS }) : t(`columns.${key}`);
}

/** Shown when the user has chosen no columns (id is always shown). */
export const DEFAULT_COLUMNS: readonly ColumnKey[] = [
  'container_number',
  'client_code',
  'carrier',
  'status',
  'pol_loc',
  'pod_loc',
  'eta',
  'health',
  'last_alert_code',
];

/**
 * The columns shown when the list is narrowed or sorted by free time: a user asking "what ends within 3 days" must
 * see the days left without configuring a column first, so days left is added when no free-time column is chosen.
 */
export function withFreeTimeColumn(
  visible: readonly string[],
  freeTime: { endsWithin: string; over: string; ordering: string },
): readonly string[] {
  const asked =
    freeTime.endsWithin !== '' ||
    freeTime.over === 'true' ||
    freeTime.ordering.replace(/^-/, '') === 'free_time_lfd';
  if (!asked || visible.some((key) => FREE_TIME_KEYS.includes(key))) return visible;
  return [...visible, 'free_time_days_left'];
}

/**
 * What the list asks the API for (`fields`): what any column's cell, the last-alert button and the custom-form
 * button read, whichever columns are shown, so changing columns needs no new request; the rest of a shipment
 * (legs, positions, every milestone date) is for the detail. Of a port, only what its cell shows.
 */
export const LIST_FIELDS: readonly string[] = [
  ...COLUMN_KEYS.flatMap(listColumnFields),
  'carrier_name',
  'status_verbose',
  'last_alert_message',
  'schema_form',
  'schema_form_source',
  'sf_data',
  'free_time_currency',
];

export interface RowHandlers {
  onOpenAlerts: (shipment: Shipment) => void;
  /** Absent without write permission: no custom form button. */
  onEditForm?: (shipment: Shipment) => void;
}

const portText = (port: Port | null | undefined) => (port ? port.locode || port.name : '');

/** The cells of the free-time columns; undefined for the others. */
function freeTimeCell(t: TFunction, key: ColumnKey, s: Shipment, language: string) {
  switch (key) {
    case 'free_time_lfd':
    case 'demurrage_lfd':
    case 'detention_lfd':
      return <span className="shp-nowrap">{formatDate(s[key])}</span>;
    case 'free_time_days_left':
      return s.free_time_days_left === null ? (
        ''
      ) : (
        <span
          className={`shp-ft-cell shp-ft-badge shp-ft-badge--${freeTimeTone(s.free_time_state, s.free_time_days_left)}`}
        >
          {daysLeftText(t, s.free_time_days_left)}
        </span>
      );
    case 'free_time_state':
      return s.free_time_state ? (
        <FreeTimeBadge state={s.free_time_state} daysLeft={s.free_time_days_left} />
      ) : (
        ''
      );
    case 'demurrage_cost':
    case 'detention_cost':
      return <span className="shp-ft-money">{formatMoney(s[key], s.free_time_currency, language)}</span>;
    default:
      return undefined;
  }
}

function cell(t: TFunction, key: ColumnKey, s: Shipment, handlers: RowHandlers, language: string) {
  const freeTime = freeTimeCell(t, key, s, language);
  if (freeTime !== undefined) return freeTime;
  switch (key) {
    case 'id':
      return (
        <Link className="shp-link" to={`/shipments/${s.id}`} aria-label={t('row.openDetail', { id: s.id })}>
          {s.id}
        </Link>
      );
    case 'container_number':
      return (
        <Link className="shp-link shp-nowrap" to={`/shipments/${s.id}`} data-testid="shipment-row-link">
          {s.container_number}
        </Link>
      );
    case 'carrier':
      return <span className="shp-nowrap">{s.carrier_name}</span>;
    case 'container_type_str':
      // one line: the full name on hover (long names wrapped to four lines)
      return (
        <span className="shp-ctype" title={s.container_type_str ?? ''}>
          {s.container_type_str ?? ''}
        </span>
      );
    case 'status':
      return <span className="shp-status">{statusText(t, s.status_verbose)}</span>;
    case 'lifecycle_status':
      return t(`lifecycle.${s.lifecycle_status}`);
    case 'pol_loc':
    case 'pod_loc':
      return (
        <span className="shp-nowrap" title={s[key]?.name ?? ''}>
          {portText(s[key])}
        </span>
      );
    case 'etd':
    case 'atd':
    case 'eta':
    case 'ata':
      return <span className="shp-nowrap">{formatDate(s[key])}</span>;
    case 'last_update':
    case 'created_at':
      return <span className="shp-nowrap">{formatTimestamp(s[key])}</span>;
    case 'dtd':
    case 'dta':
    case 'transit_time':
      return formatNumber(s[key]);
    case 'health':
      return <span className={`shp-health shp-health--${s.health}`}>{shipmentHealthText(t, s.health)}</span>;
    case 'last_alert_code':
      return (
        <button
          type="button"
          className={`shp-alert-button${s.last_alert_code ? '' : ' shp-alert-button--none'}`}
          title={s.last_alert_message ?? t('row.noAlert')}
          aria-label={t('row.lastAlerts', { id: s.id })}
          data-testid="last-alert-button"
          onClick={() => handlers.onOpenAlerts(s)}
        >
          {s.last_alert_code ? `${s.last_alert_code} · ${s.last_alert_message ?? ''}` : '—'}
        </button>
      );
    default:
      return s[key] ?? '';
  }
}

/** At 620 px the columns a forwarder looks for first, in this order (the rest follow in their usual order). */
const NARROW_KEY_COLUMNS: readonly ColumnKey[] = [
  'container_number',
  'health',
  'free_time_days_left',
  'eta',
  'ata',
  'status',
  'pod_loc',
];

const WIDE_ORDER: readonly ColumnKey[] = COLUMN_KEYS.flatMap((key): ColumnKey[] =>
  key === 'free_time_days_left' ? [] : key === 'eta' ? ['eta', 'free_time_days_left'] : [key],
);

/**
 * The visible columns in display order. On a narrow screen the key columns come first, and the id goes when the
 * container is shown (its link opens the same detail), so the sticky first column is the container.
 */
export function orderedColumnKeys(visible: readonly string[], narrow = false): ColumnKey[] {
  // days left sits next to the ETA rather than behind every other column: it is the date a forwarder acts on
  const shown = WIDE_ORDER.filter((key) => visible.includes(key));
  if (!narrow) return shown;
  const keys = NARROW_KEY_COLUMNS.filter((key) => shown.includes(key));
  const rest = shown.filter(
    (key) => !keys.includes(key) && !(key === 'id' && keys.includes('container_number')),
  );
  return [...keys, ...rest];
}

/** Table columns for the visible keys, plus the custom-form action column when it can be used. */
export function shipmentColumns(
  t: TFunction,
  visible: readonly string[],
  handlers: RowHandlers,
  narrow = false,
  language = 'en',
): TableColumn<Shipment>[] {
  const columns: TableColumn<Shipment>[] = orderedColumnKeys(visible, narrow).map((key) => ({
    key,
    header: columnLabel(t, key),
    sortable: isSortable(key),
    sortKey: SORT_KEYS[key],
    render: (s: Shipment) => cell(t, key, s, handlers, language),
  }));
  const { onEditForm } = handlers;
  if (onEditForm) {
    columns.push({
      key: 'actions',
      header: <span className="pui-visually-hidden">{t('columns.actions')}</span>,
      render: (s: Shipment) =>
        hasCustomForm(s) ? (
          <button
            type="button"
            className="shp-icon-button"
            aria-label={t('row.editForm', { id: s.id })}
            title={t('customForm.title')}
            data-testid="custom-form-button"
            onClick={() => onEditForm(s)}
          >
            ✎
          </button>
        ) : null,
    });
  }
  return columns;
}
