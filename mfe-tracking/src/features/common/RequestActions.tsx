// Retry, Archive and Cancel of one tracking request, as spec section 4 allows them, with a confirmation for
// Archive and Cancel and the status notice (4 s) or the error notice (7 s).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  trackingRequestsApi,
  type TrackingRequestRecord,
  type TrackingRequestStatus,
} from '@portal/shared-api';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyRequestError, notifyStatusChanged } from '../../lib/notices';
import { offeredActions, type ActionPlace } from '../../lib/status-rules';

type Action = 'retry' | 'archive' | 'cancel';

export interface RequestActionsProps {
  request: Pick<TrackingRequestRecord, 'id' | 'status' | 'archivable' | 'cancellable' | 'code_value'>;
  place: ActionPlace;
  /** Called with the status the server answered. */
  onStatusChange: (status: TrackingRequestStatus) => void;
}

export function RequestActions({ request, place, onStatusChange }: RequestActionsProps) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState<'archive' | 'cancel' | null>(null);
  const offered = offeredActions(request, place);
  const size = place === 'list' ? 'sm' : 'md';

  const run = async (action: Action) => {
    setConfirming(null);
    setBusy(action);
    try {
      const answer =
        action === 'retry'
          ? await trackingRequestsApi.retry(request.id)
          : await trackingRequestsApi.transition(
              request.id,
              action === 'archive' ? 'pending_archiving' : 'pending_cancelling',
            );
      notifyStatusChanged();
      onStatusChange(answer.status);
    } catch (error) {
      notifyRequestError(error);
    } finally {
      setBusy(null);
    }
  };

  if (!offered.retry.offered && !offered.archive.offered && !offered.cancel.offered) return null;

  return (
    <div className={`trk-actions${place === 'detail' ? ' trk-actions--bottom' : ''}`}>
      {offered.retry.offered && (
        <Button size={size} variant="secondary" busy={busy === 'retry'} onClick={() => void run('retry')}>
          {t('actions.retry')}
        </Button>
      )}
      {offered.archive.offered && (
        <Button
          size={size}
          variant="secondary"
          busy={busy === 'archive'}
          disabled={!offered.archive.enabled || busy !== null}
          title={offered.archive.enabled ? undefined : t('actions.archiveDisabled')}
          onClick={() => setConfirming('archive')}
        >
          {t('actions.archive')}
        </Button>
      )}
      {offered.cancel.offered && (
        <Button
          size={size}
          variant={place === 'list' ? 'secondary' : 'danger'}
          busy={busy === 'cancel'}
          disabled={!offered.cancel.enabled || busy !== null}
          title={offered.cancel.enabled ? undefined : t('actions.cancelDisabled')}
          onClick={() => setConfirming('cancel')}
        >
          {t('actions.cancel')}
        </Button>
      )}
      {place === 'detail' && (offered.archive.offered || offered.cancel.offered) && (
        <ul className="trk-reasons">
          {offered.archive.offered && !offered.archive.enabled && <li>{t('actions.archiveDisabled')}</li>}
          {offered.cancel.offered && !offered.cancel.enabled && <li>{t('actions.cancelDisabled')}</li>}
        </ul>
      )}
      <ConfirmAction
        action={confirming}
        code={request.code_value}
        onKeep={() => setConfirming(null)}
        onConfirm={(action) => void run(action)}
      />
    </div>
  );
}

interface ConfirmProps {
  /** The action waiting for a yes; null: no question open. */
  action: 'archive' | 'cancel' | null;
  code: string;
  onKeep: () => void;
  onConfirm: (action: 'archive' | 'cancel') => void;
}

/** Asks before Archive or Cancel. */
function ConfirmAction({ action, code, onKeep, onConfirm }: ConfirmProps) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      open={action !== null}
      onClose={onKeep}
      size="sm"
      title={
        action === 'archive'
          ? t('actions.confirmTitleArchive', { code })
          : t('actions.confirmTitleCancel', { code })
      }
      footer={
        <>
          <Button variant="secondary" onClick={onKeep}>
            {t('actions.keep')}
          </Button>
          <Button
            variant={action === 'cancel' ? 'danger' : 'primary'}
            onClick={() => action && onConfirm(action)}
          >
            {action === 'archive' ? t('actions.confirmYesArchive') : t('actions.confirmYesCancel')}
          </Button>
        </>
      }
    >
      <p>{action === 'archive' ? t('actions.confirmArchive') : t('actions.confirmCancel')}</p>
    </Modal>
  );
}
