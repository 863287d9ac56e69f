// A saved change (inline edit, status change) applied to the one row of a loaded list page it belongs to.
import type { TrackingRequestRecord } from '@portal/shared-api';

interface ShownPage {
  answer: { results: TrackingRequestRecord[] };
}

/** The page with the row `id` changed; the other rows (and the page itself when no row matches) keep their values. */
export function withRowChange<P extends ShownPage>(
  shown: P,
  id: number,
  change: Partial<TrackingRequestRecord>,
): P {
  return {
    ...shown,
    answer: {
      ...shown.answer,
      results: shown.answer.results.map((row) => (row.id === id ? { ...row, ...change } : row)),
    },
  };
}
