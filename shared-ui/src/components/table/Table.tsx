import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../pager/Pager';
import { Spinner } from '../spinner/Spinner';
import { TableHead } from './TableHead';
import { TableRow } from './TableRow';
import { useScrollFocus } from './use-scroll-focus';

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

/** The keys of the rows shown expanded, and a way to expand or collapse one. */
function useExpandedRows() {
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(() => new Set());
  const toggleRow = (key: string | number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return [expanded, toggleRow] as const;
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
  const [expanded, toggleRow] = useExpandedRows();
  const { scroller, scrolls } = useScrollFocus();
  const columnCount = columns.length + (renderExpanded ? 1 : 0);

  return (
    <div className={['pui-table-wrap', className].filter(Boolean).join(' ')}>
      <div className="pui-table-scroll" ref={scroller} tabIndex={scrolls ? 0 : undefined}>
        <table className="pui-table" aria-busy={loading || undefined}>
          {caption && <caption className="pui-visually-hidden">{caption}</caption>}
          <TableHead
            columns={columns}
            ordering={ordering}
            onOrderingChange={onOrderingChange}
            expandable={Boolean(renderExpanded)}
          />
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
              return (
                <TableRow
                  key={key}
                  row={row}
                  rowId={key}
                  columns={columns}
                  columnCount={columnCount}
                  renderExpanded={renderExpanded}
                  expanded={expanded.has(key)}
                  onToggle={() => toggleRow(key)}
                />
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
