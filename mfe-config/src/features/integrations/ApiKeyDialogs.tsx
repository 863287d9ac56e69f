// The API keys card's dialog that changes a key's limit and expiry (its confirmations are ConfirmModal).
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { LimitFields } from './LimitFields';
import type { KeyEdit } from './use-api-keys';

export function KeyEditModal({ edit }: { edit: KeyEdit }) {
  const { t } = useTranslation(NS);
  const { errors, busy } = edit.save;
  return (
    <Modal
      open={edit.editing !== null}
      title={t('integrations.keys.editTitle', { name: edit.editing?.name ?? '' })}
      onClose={edit.close}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={edit.close}>
            {t('integrations.keys.cancel')}
          </Button>
          <Button onClick={edit.submit} busy={busy} disabled={!edit.valid} data-testid="int-key-edit-save">
            {t('integrations.keys.save')}
          </Button>
        </>
      }
    >
      <LimitFields
        limit={edit.limit}
        setLimit={edit.setLimit}
        expires={edit.expires}
        setExpires={edit.setExpires}
        errors={errors}
        idPrefix="int-key-edit"
        onValidity={edit.setValid}
      />
      {errors.non_field_errors && <p className="cfg-error">{errors.non_field_errors.join(' ')}</p>}
    </Modal>
  );
}
