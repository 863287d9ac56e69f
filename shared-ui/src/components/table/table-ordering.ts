// DRF-style ordering of the table: 'field' ascending, '-field' descending (only the first field of a list
// counts), and what a click on a sortable header asks for next.
export type SortDirection = 'ascending' | 'descending' | 'none';

function parseOrdering(ordering: string | undefined): { field: string; desc: boolean } | null {
  if (!ordering) return null;
  const first = ordering.split(',')[0].trim();
  if (!first) return null;
  return first.startsWith('-') ? { field: first.slice(1), desc: true } : { field: first, desc: false };
}

/** How the ordering sorts by the field. */
export function sortDirection(ordering: string | undefined, field: string): SortDirection {
  const current = parseOrdering(ordering);
  if (!current || current.field !== field) return 'none';
  return current.desc ? 'descending' : 'ascending';
}

/** Another column → ascending; ascending → descending; descending → ascending. */
export function nextOrdering(ordering: string | undefined, field: string): string {
  return sortDirection(ordering, field) === 'ascending' ? `-${field}` : field;
}
