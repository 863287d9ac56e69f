// The lists of the integrations page (API keys, a webhook's deliveries) as a table: the header row (and a last
// column for the row's action) over the rows `children` makes; a spinner or a line of text until there are any.
import type { ReactNode } from 'react';
import { Listed } from '../../lib/Listed';

export function IntTable<T>({
  items,
  empty,
  headers,
  children,
  'data-testid': testId,
}: {
  /** undefined or null while asked for */
  items: readonly T[] | null | undefined;
  empty: string;
  headers: string[];
  children: (items: readonly T[]) => ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Listed items={items} empty={empty}>
      {(rows) => (
        // It scrolls sideways at narrow widths: it takes the focus so the keyboard can scroll it too (WCAG 2.1.1).
        <div className="int-table-wrap" tabIndex={0}>
          <table className="int-table" data-testid={testId}>
            <thead>
              <tr>
                {headers.map((header) => (
                  <th key={header}>{header}</th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>{children(rows)}</tbody>
          </table>
        </div>
      )}
    </Listed>
  );
}
