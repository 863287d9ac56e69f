// What a refused spreadsheet import says: the messages about the file itself and those of each row.
import { bulkRowErrors, type BulkRowError } from '@portal/shared-api';

export interface ImportProblems {
  rows: BulkRowError[];
  file: string[];
}

/** The problems in a refusal's field messages; null when it has none (the failure is then told as a notice). */
export function importProblemsOf(fields: Record<string, string[]>): ImportProblems | null {
  if (!Object.keys(fields).length) return null;
  return { rows: bulkRowErrors(fields), file: fields.file ?? [] };
}
