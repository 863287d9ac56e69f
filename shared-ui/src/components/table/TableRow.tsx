// One row of the table, with its expander button and, while expanded, the full-width row of details under it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from './Table';

interface Props<T> {
  row: T;
  rowId: string | number;
  columns: TableColumn<T>[];
  /** Columns of the table, the expander's included. */
  columnCount: number;
  renderExpanded?: (row: T) => ReactNode;
  expanded: boolean;
  onToggle: () => void;
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

export function TableRow<T>({
  row,
  rowId,
  columns,
  columnCount,
  renderExpanded,
  expanded,
  onToggle,
}: Props<T>) {
  const { t } = useTranslation('common');
  const detailId = `pui-table-detail-${String(rowId).replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  return (
    <>
      <tr className="pui-table__row">
        {renderExpanded && (
          <td className="pui-table__expander-cell">
            <button
              type="button"
              className="pui-table__expander"
              aria-expanded={expanded}
              aria-controls={expanded ? detailId : undefined}
              aria-label={expanded ? t('table.collapse') : t('table.expand')}
              onClick={onToggle}
            >
              <span aria-hidden="true">›</span>
            </button>
          </td>
        )}
        {columns.map((column) => (
          <td key={column.key}>{column.render ? column.render(row) : defaultCell(row, column.key)}</td>
        ))}
      </tr>
      {renderExpanded && expanded && (
        <tr className="pui-table__expanded" id={detailId}>
          <td colSpan={columnCount}>{renderExpanded(row)}</td>
        </tr>
      )}
    </>
  );
}
