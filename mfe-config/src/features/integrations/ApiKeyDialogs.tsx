// The dialogs of the API keys card: a confirmation (revoke, take over) and the change of a key's limit and expiry.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { LimitFields } from './LimitFields';
import type { KeyEdit } from './use-api-keys';

export function KeyConfirmModal({
  open,
  title,
  text,
  onClose,
  confirm,
}: {
  open: boolean;
  title: string;
  text: string;
  onClose: () => void;
  /** The confirming button (its variant, label and test id differ per action). */
  confirm: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('integrations.keys.cancel')}
          </Button>
          {confirm}
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}

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
