// The table's header row: an expander column when rows expand, and sortable headers as buttons with the
// direction in aria-sort.
import { useTranslation } from 'react-i18next';
import { nextOrdering, sortDirection } from './table-ordering';
import type { TableColumn } from './Table';

interface Props<T> {
  columns: TableColumn<T>[];
  ordering?: string;
  onOrderingChange?: (ordering: string) => void;
  expandable: boolean;
}

const SORT_ICONS = { ascending: '▲', descending: '▼', none: '↕' } as const;

export function TableHead<T>({ columns, ordering, onOrderingChange, expandable }: Props<T>) {
  const { t } = useTranslation('common');
  return (
    <thead>
      <tr>
        {expandable && (
          <th className="pui-table__expander-cell" scope="col">
            <span className="pui-visually-hidden">{t('table.expand')}</span>
          </th>
        )}
        {columns.map((column) => {
          const field = column.sortKey ?? column.key;
          const direction = sortDirection(ordering, field);
          return (
            <th
              key={column.key}
              scope="col"
              style={column.width ? { width: column.width } : undefined}
              aria-sort={column.sortable ? direction : undefined}
            >
              {column.sortable && onOrderingChange ? (
                <button
                  type="button"
                  className="pui-table__sort"
                  onClick={() => onOrderingChange(nextOrdering(ordering, field))}
                >
                  {column.header}
                  <span className="pui-table__sort-icon" aria-hidden="true">
                    {SORT_ICONS[direction]}
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
  );
}
