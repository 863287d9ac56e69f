// The Export List modal's form state: the form, the complaints of the last check, and the server's messages
// about the name. Opening the modal starts a new form from the list's filters of that moment.
import { useState } from 'react';
import { checkForm, emptyForm, withFilter, type ExportForm } from './export-form';

export type FormPurpose = 'export' | 'save';

const without = (problems: Record<string, string>, key: string) => {
  const { [key]: _fixed, ...rest } = problems;
  return rest;
};

export function useExportForm(open: boolean, listFilters: Record<string, unknown>) {
  const [form, setForm] = useState<ExportForm>(() => emptyForm(listFilters));
  const [problems, setProblems] = useState<Record<string, string>>({});
  /** Messages of the server about the name (a name already taken), shown under it until it changes. */
  const [nameErrors, setNameErrors] = useState<string[]>([]);

  /** A new form: every earlier message goes with the old one. */
  const resetTo = (next: ExportForm) => {
    setForm(next);
    setProblems({});
    setNameErrors([]);
  };

  // Opening the modal takes the list's filters of that moment, while that render runs: an effect would run once
  // the form is on screen and undo what is typed or ticked in that moment.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) resetTo(emptyForm(listFilters));
  }

  return {
    form,
    problems,
    nameErrors,
    resetTo,
    /** Back to a new form with the list's filters. */
    resetToList: () => resetTo(emptyForm(listFilters)),
    setFilter: (key: string, value: string | string[]) => {
      setForm((f) => withFilter(f, key, value));
      // a corrected field no longer shows the old complaint
      setProblems((found) => without(found, key));
    },
    setName: (name: string) => {
      setForm((f) => ({ ...f, name }));
      // the name changed: a complaint about the old one is stale
      setNameErrors([]);
      setProblems((found) => without(found, 'name'));
    },
    setDetails: (change: Partial<Pick<ExportForm, 'description' | 'schedule'>>) =>
      setForm((f) => ({ ...f, ...change })),
    setColumns: (columns: string[]) => {
      setForm((f) => ({ ...f, columns }));
      setProblems((found) => without(found, 'columns'));
    },
    /** Checks the form for the purpose and shows what it found; the complaints (none: the form may go). */
    check: (purpose: FormPurpose) => {
      const found = checkForm(form, purpose);
      setProblems(found);
      return found;
    },
    setNameErrors,
  };
}
