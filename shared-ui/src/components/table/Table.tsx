import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../pager/Pager';
import { Spinner } from '../spinner/Spinner';

export type TableColumn<T> = {
  key: string;
  header: ReactNode;
  sortable?: boolean;
  /** Field name sent in `ordering`; defaults to `key`. */
  sortKey?: string;
  /** Cell content; defaults to `row[key]`. */
  render?: (row: T) => ReactNode;
  /** CSS width of the column, e.g. '120px' or '20%'. */
  width?: string;
};

export type TableProps<T> = {
  columns: TableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** DRF style: 'field' ascending, '-field' descending, '' or undefined unsorted. */
  ordering?: string;
  /** Clicking a sortable header: another column → ascending; ascending → descending; descending → ascending. */
  onOrderingChange?: (ordering: string) => void;
  /** With `pageCount` and `onPageChange`, renders a Pager under the table. */
  page?: number;
  pageCount?: number;
  onPageChange?: (page: number) => void;
  loading?: boolean;
  emptyText?: ReactNode;
  /** Adds an expander button per row; the returned content shows in a full-width row under it. */
  renderExpanded?: (row: T) => ReactNode;
  /** Accessible caption (visually hidden). */
  caption?: string;
  className?: string;
};

type SortDirection = 'ascending' | 'descending' | 'none';

function parseOrdering(ordering: string | undefined): { field: string; desc: boolean } | null {
  if (!ordering) return null;
  const first = ordering.split(',')[0].trim();
  if (!first) return null;
  return first.startsWith('-') ? { field: first.slice(1), desc: true } : { field: first, desc: false };
}

function defaultCell(row: unknown, key: string): ReactNode {
  if (row === null || typeof row !== 'object') return null;
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? '✓' : '';
  // Rows come from JSON: a list shows its items joined by commas (as String() does), an object as JSON rather
  // than '[object Object]'.
  return Array.isArray(value) ? value.join(',') : JSON.stringify(value);
}

/** Data table with DRF-style sorting, optional row expansion, loading overlay, empty state and pager. */
export function Table<T>({
  columns,
  rows,
  rowKey,
  ordering,
  onOrderingChange,
  page,
  pageCount,
  onPageChange,
  loading = false,
  emptyText,
  renderExpanded,
  caption,
  className,
}: TableProps<T>) {
  const { t } = useTranslation('common');
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(() => new Set());
  // A table wider than its box scrolls sideways: then the box takes the focus, so the keyboard can scroll it too
  // (WCAG 2.1.1); a table that fits adds no tab stop.
  const scroller = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const current = parseOrdering(ordering);
  const columnCount = columns.length + (renderExpanded ? 1 : 0);

  const sortDirection = (column: TableColumn<T>): SortDirection => {
    const field = column.sortKey ?? column.key;
    if (!current || current.field !== field) return 'none';
    return current.desc ? 'descending' : 'ascending';
  };

  const sortBy = (column: TableColumn<T>) => {
    const field = column.sortKey ?? column.key;
    onOrderingChange?.(sortDirection(column) === 'ascending' ? `-${field}` : field);
  };

  const toggleRow = (key: string | number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className={['pui-table-wrap', className].filter(Boolean).join(' ')}>
      <div className="pui-table-scroll" ref={scroller} tabIndex={scrolls ? 0 : undefined}>
        <table className="pui-table" aria-busy={loading || undefined}>
          {caption && <caption className="pui-visually-hidden">{caption}</caption>}
          <thead>
            <tr>
              {renderExpanded && (
                <th className="pui-table__expander-cell" scope="col">
                  <span className="pui-visually-hidden">{t('table.expand')}</span>
                </th>
              )}
              {columns.map((column) => {
                const sortable = Boolean(column.sortable && onOrderingChange);
                const direction = sortDirection(column);
                return (
                  <th
                    key={column.key}
                    scope="col"
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={column.sortable ? direction : undefined}
                  >
                    {sortable ? (
                      <button type="button" className="pui-table__sort" onClick={() => sortBy(column)}>
                        {column.header}
                        <span className="pui-table__sort-icon" aria-hidden="true">
                          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && !loading && (
              <tr>
                <td className="pui-table__empty" colSpan={columnCount}>
                  {emptyText ?? t('table.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const key = rowKey(row);
              const isExpanded = expanded.has(key);
              const detailId = `pui-table-detail-${String(key).replace(/[^a-zA-Z0-9_-]/g, '-')}`;
              return (
                <Fragment key={key}>
                  <tr className="pui-table__row">
                    {renderExpanded && (
                      <td className="pui-table__expander-cell">
                        <button
                          type="button"
                          className="pui-table__expander"
                          aria-expanded={isExpanded}
                          aria-controls={isExpanded ? detailId : undefined}
                          aria-label={isExpanded ? t('table.collapse') : t('table.expand')}
                          onClick={() => toggleRow(key)}
                        >
                          <span aria-hidden="true">›</span>
                        </button>
                      </td>
                    )}
                    {columns.map((column) => (
                      <td key={column.key}>
                        {column.render ? column.render(row) : defaultCell(row, column.key)}
                      </td>
                    ))}
                  </tr>
                  {renderExpanded && isExpanded && (
                    <tr className="pui-table__expanded" id={detailId}>
                      <td colSpan={columnCount}>{renderExpanded(row)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
            {rows.length === 0 && loading && (
              <tr>
                <td className="pui-table__empty" colSpan={columnCount}>
                  &nbsp;
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {loading && (
        <div className="pui-table__loading">
          <Spinner size="lg" label={t('table.loading')} />
        </div>
      )}
      {page !== undefined && pageCount !== undefined && onPageChange && (
        <Pager page={page} pageCount={pageCount} onPageChange={onPageChange} />
      )}
    </div>
  );
}
