// The free-time rules of the company: the table, and for managers the create / edit dialog, delete with
// confirmation, and the spreadsheet import (its row errors listed). Export is for everyone. Data through the page's
// query cache; every write reloads the list.
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyFailure } from '../../lib/notices';
import { freeTimeApi } from './api';
import { ImportControls, ImportErrors } from './FreeTimeImport';
import { EMPTY_FORM, formOf } from './rule-form';
import { RuleFormModal } from './RuleFormModal';
import { RulesTable } from './RulesTable';
import { useFreeTimeImport, useFreeTimeRules } from './use-free-time-rules';

export function FreeTimeRules({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(NS);
  const { data, editing, setEditing, deleting, setDeleting, save, onSave, onDelete, closeEditor } =
    useFreeTimeRules();
  const imports = useFreeTimeImport();

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
        {canEdit && <ImportControls imports={imports} />}
      </div>
      {imports.problems && <ImportErrors {...imports.problems} />}
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
          onClose={closeEditor}
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
