// What an upload of a bulk file came to, as the panel lists it: the requests imported and the rows whose
// carrier the API filled from the number, or the rows (or other messages) the API refused the file for.
import {
  ApiError,
  bulkRowErrors,
  errorToNotificationBody,
  type BulkRowError,
  type BulkUploadResult,
} from '@portal/shared-api';

/** A row whose empty carrier cell the API filled from the number (`carriers_filled` of the answer). */
export interface FilledRow {
  row: number;
  carrier: string;
}

export type Outcome =
  | { kind: 'ok'; count: number | null; filled: FilledRow[] }
  | { kind: 'error'; name: string; rows: BulkRowError[]; other: string[] };

/** How many requests the upload created (the API's `imported`; null when an answer lacks it). */
function importedCount(result: BulkUploadResult): number | null {
  return typeof result.imported === 'number' ? result.imported : null;
}

function filledRows(result: BulkUploadResult): FilledRow[] {
  if (!Array.isArray(result.carriers_filled)) return [];
  return (result.carriers_filled as unknown[]).filter((f): f is FilledRow => {
    const r = f as Partial<FilledRow> | null;
    return typeof r === 'object' && r !== null && typeof r.row === 'number' && typeof r.carrier === 'string';
  });
}

export const importedOutcome = (result: BulkUploadResult): Outcome & { kind: 'ok' } => ({
  kind: 'ok',
  count: importedCount(result),
  filled: filledRows(result),
});

/**
 * A refused file: the rows the API explained, or else its other messages, each after its label. `fileLabel`
 * names the API's field key `file`; the keys of messages about the whole answer (detail, non_field_errors, a
 * status code) need no label before the sentence.
 */
export function refusedOutcome(name: string, error: unknown, fileLabel: string): Outcome {
  const rows = error instanceof ApiError ? bulkRowErrors(error.body) : [];
  const panelLabel = (key: string): string =>
    key === 'file' ? fileLabel : /^(detail|non_field_errors|error|\d{3})$/.test(key) ? '' : key;
  const other =
    rows.length > 0
      ? []
      : errorToNotificationBody(error).map((entry) => {
          const label = panelLabel(entry.label);
          const messages = entry.messages.join(' ');
          return label ? `${label}: ${messages}` : messages;
        });
  return { kind: 'error', name, rows, other };
}
