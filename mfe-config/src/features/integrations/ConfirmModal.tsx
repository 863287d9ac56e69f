// A small confirmation dialog of the integrations page (revoke or take over a key, rotate a webhook's secret,
// delete an endpoint): the question, Cancel, and the confirming button the caller gives.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';

export function ConfirmModal({
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
