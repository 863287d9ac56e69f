// The free-time rules of the company through the page's query cache (every write reloads the list): the rule
// being created or edited, the rule waiting for its delete to be confirmed, and the spreadsheet import.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifySuccess } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { fieldErrorsOf, notifyDeleted, notifyFailure, useFailureNotice } from '../../lib/notices';
import { useSave } from '../../lib/use-save';
import { freeTimeApi, type FreeTimeRule, type ImportMode } from './api';
import { importProblemsOf, type ImportProblems } from './import-problems';
import { bodyOf, type RuleForm } from './rule-form';

const RULES_KEY = queryKeys.config.freeTimeRules;

function useReloadRules() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: RULES_KEY });
}

export function useFreeTimeRules() {
  const { data, error } = useQuery({ queryKey: RULES_KEY, queryFn: freeTimeApi.rules });
  useFailureNotice(error);
  const reload = useReloadRules();
  const [editing, setEditing] = useState<{ rule: FreeTimeRule | null; form: RuleForm } | null>(null);
  const [deleting, setDeleting] = useState<FreeTimeRule | null>(null);
  const save = useSave({ localize: (e) => e });

  const onSave = async (form: RuleForm) => {
    const rule = editing?.rule;
    const saved = await save.run(async () => {
      if (rule) await freeTimeApi.update(rule.id, bodyOf(form));
      else await freeTimeApi.create(bodyOf(form));
    });
    if (saved) {
      setEditing(null);
      await reload();
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    try {
      await freeTimeApi.remove(deleting.id);
      notifyDeleted();
      setDeleting(null);
      await reload();
    } catch (e) {
      notifyFailure(e);
    }
  };
  const closeEditor = () => {
    setEditing(null);
    save.setErrors({});
  };

  return { data, editing, setEditing, deleting, setDeleting, save, onSave, onDelete, closeEditor };
}

/** The import: its mode, the hidden file field it opens, and the problems of a refused file. */
export function useFreeTimeImport() {
  const { t } = useTranslation(NS);
  const reload = useReloadRules();
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [problems, setProblems] = useState<ImportProblems | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    setProblems(null);
    try {
      const result = await freeTimeApi.importFile(file, mode);
      notifySuccess(t('freeTime.imported', result));
      await reload();
    } catch (e) {
      const found = importProblemsOf(fieldErrorsOf(e));
      if (found) setProblems(found);
      else notifyFailure(e);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return { mode, setMode, problems, fileInput, onImport };
}

export type FreeTimeImport = ReturnType<typeof useFreeTimeImport>;
