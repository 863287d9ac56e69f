// The free-time rules of the company: the table, and for managers the create / edit dialog, delete with
// confirmation, and the spreadsheet import (its row errors listed). Export is for everyone. Data through the page's
// query cache; every write reloads the list.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkRowErrors, type BulkRowError } from '@portal/shared-api';
import { queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { Button, Modal, Select, notifySuccess } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { fieldErrorsOf, notifyDeleted, notifyFailure, useFailureNotice } from '../../lib/notices';
import { useSave } from '../../lib/use-save';
import { freeTimeApi, type FreeTimeRule, type ImportMode } from './api';
import { bodyOf, EMPTY_FORM, formOf, type RuleForm } from './rule-form';
import { RuleFormModal } from './RuleFormModal';
import { RulesTable } from './RulesTable';

const RULES_KEY = queryKeys.config.freeTimeRules;

function ImportErrors({ rows, file }: { rows: BulkRowError[]; file: string[] }) {
  const { t } = useTranslation(NS);
  return (
    <div className="ft-errors" role="alert" data-testid="ft-import-errors">
      <p>{t('freeTime.importErrors')}</p>
      <ul>
        {file.map((m) => (
          <li key={m}>{m}</li>
        ))}
        {rows.map((r) => (
          <li key={r.row ?? 'all'}>
            {r.row !== null && <strong>{t('freeTime.row', { row: r.row })}: </strong>}
            {r.messages.join(' · ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FreeTimeRules({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const { data, error } = useQuery({ queryKey: RULES_KEY, queryFn: freeTimeApi.rules });
  useFailureNotice(error);
  const [editing, setEditing] = useState<{ rule: FreeTimeRule | null; form: RuleForm } | null>(null);
  const [deleting, setDeleting] = useState<FreeTimeRule | null>(null);
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [importProblems, setImportProblems] = useState<{ rows: BulkRowError[]; file: string[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSave({ localize: (e) => e });
  const reload = () => client.invalidateQueries({ queryKey: RULES_KEY });

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
  const onImport = async (file: File | undefined) => {
    if (!file) return;
    setImportProblems(null);
    try {
      const result = await freeTimeApi.importFile(file, mode);
      notifySuccess(t('freeTime.imported', result));
      await reload();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (Object.keys(fields).length)
        setImportProblems({ rows: bulkRowErrors(fields), file: fields.file ?? [] });
      else notifyFailure(e);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <>
      <div className="ft-toolbar">
        {canEdit && (
          <Button onClick={() => setEditing({ rule: null, form: EMPTY_FORM })} data-testid="ft-add">
            {t('freeTime.add')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => void freeTimeApi.exportFile().catch(notifyFailure)}
          data-testid="ft-export"
        >
          {t('freeTime.export')}
        </Button>
        {canEdit && (
          <>
            <Select
              label={t('freeTime.importMode')}
              value={mode}
              onChange={(v) => setMode(v as ImportMode)}
              options={(['upsert', 'replace'] as const).map((m) => ({
                value: m,
                label: t(`freeTime.importModes.${m}`),
              }))}
            />
            <Button variant="secondary" onClick={() => fileInput.current?.click()} data-testid="ft-import">
              {t('freeTime.import')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".xlsx"
              data-testid="ft-import-file"
              onChange={(e) => void onImport(e.target.files?.[0])}
            />
          </>
        )}
      </div>
      {importProblems && <ImportErrors {...importProblems} />}
      {data && data.length === 0 && <p className="cfg-muted">{t('freeTime.empty')}</p>}
      {data && data.length > 0 && (
        <RulesTable
          rules={data}
          canEdit={canEdit}
          onDelete={setDeleting}
          onEdit={(rule) => setEditing({ rule, form: formOf(rule) })}
        />
      )}
      {editing && (
        <RuleFormModal
          title={t(editing.rule ? 'freeTime.form.editTitle' : 'freeTime.form.createTitle')}
          initial={editing.form}
          errors={save.errors}
          busy={save.busy}
          onSave={(f) => void onSave(f)}
          onClose={() => {
            setEditing(null);
            save.setErrors({});
          }}
        />
      )}
      {deleting && (
        <Modal
          open
          size="sm"
          title={t('freeTime.confirmTitle')}
          onClose={() => setDeleting(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                {t('freeTime.cancel')}
              </Button>
              <Button variant="danger" onClick={() => void onDelete()} data-testid="ft-confirm-delete">
                {t('freeTime.remove')}
              </Button>
            </>
          }
        >
          <p>{t('freeTime.confirmText')}</p>
        </Modal>
      )}
    </>
  );
}
