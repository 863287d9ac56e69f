// The 'Last Alert Events' modal: Code, Message, WallTime, Hidden; each Hidden checkbox saves at once; Unhide All
// Events / Hide All Events. Without write permission the checkboxes and buttons are read-only.
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@portal/shared-api';
import { Button, Modal, Spinner } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { AlertEventsTable } from './AlertEventsTable';
import { useAlertEvents } from './use-alert-events';

export interface LastAlertEventsModalProps {
  shipment: Shipment | null;
  writable: boolean;
  onClose: () => void;
  /** Called after any change (the row's last alert may have changed). */
  onChanged: () => void;
}

export function LastAlertEventsModal({ shipment, writable, onClose, onChanged }: LastAlertEventsModalProps) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const { events, busy, toggle, all } = useAlertEvents(shipment?.id, onChanged);

  return (
    <Modal
      open={shipment !== null}
      onClose={onClose}
      size="lg"
      title={`${t('alerts.title')} · ${shipment?.container_number ?? ''}`}
      footer={
        writable && events && events.length > 0 ? (
          <>
            <Button
              variant="secondary"
              busy={busy === 'unhide-all'}
              disabled={busy !== null}
              onClick={() => void all(false)}
            >
              {t('alerts.unhideAll')}
            </Button>
            <Button busy={busy === 'hide-all'} disabled={busy !== null} onClick={() => void all(true)}>
              {t('alerts.hideAll')}
            </Button>
          </>
        ) : undefined
      }
    >
      {events === null ? (
        <Spinner size="lg" label={tc('actions.loading')} />
      ) : events.length === 0 ? (
        <p>{t('alerts.empty')}</p>
      ) : (
        <AlertEventsTable
          events={events}
          writable={writable}
          busy={busy}
          onToggle={(event, hidden) => void toggle(event, hidden)}
        />
      )}
    </Modal>
  );
}
