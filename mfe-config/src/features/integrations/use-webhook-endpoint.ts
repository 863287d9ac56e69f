// The actions of one webhook endpoint: rotate its secret (after a confirmation), copy the secret shown once,
// enable or disable, send a test event (the delivery log opens to show it), delete (after a confirmation).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyDeleted, notifyFailure, notifySaved } from '../../lib/notices';
import { useClipboard } from '../../lib/use-clipboard';
import { integrationsApi, type WebhookEndpoint } from './api';
import { rotatedEndpoint } from './webhook-rules';

export function useWebhookEndpoint(
  endpoint: WebhookEndpoint,
  onChanged: (e: WebhookEndpoint) => void,
  onDeleted: (id: number) => void,
) {
  const { t } = useTranslation(NS);
  // Shown once: the answer of the create (or rotate) call is the only place the secret ever is.
  const [secret, setSecret] = useState<string | null>(endpoint.secret ?? null);
  const clipboard = useClipboard();
  const [showLog, setShowLog] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [removing, setRemoving] = useState(false);
  const [rotating, setRotating] = useState(false);
  const id = endpoint.id;

  /** Runs one call; a failure is told as a notice. */
  const attempt = async (call: () => Promise<void>) => {
    try {
      await call();
    } catch (error) {
      notifyFailure(error);
    }
  };
  const rotate = () =>
    attempt(async () => {
      const answer = await integrationsApi.rotateSecret(id);
      setSecret(answer.secret);
      clipboard.reset();
      setRotating(false);
      onChanged(rotatedEndpoint(endpoint, answer.previous_secret_expires_at, new Date()));
      notifySuccess(t('integrations.hooks.rotated'));
    });
  const copy = async () => {
    if (secret) await clipboard.copy(secret);
  };
  const setEnabled = (enabled: boolean) =>
    attempt(async () => {
      onChanged(await integrationsApi.updateEndpoint(id, { enabled }));
      notifySaved();
    });
  const test = () =>
    attempt(async () => {
      await integrationsApi.sendTest(id);
      notifySuccess(t('integrations.hooks.testSent'));
      setShowLog(true);
      setReloadKey((k) => k + 1);
    });
  const remove = () =>
    attempt(async () => {
      await integrationsApi.removeEndpoint(id);
      notifyDeleted();
      onDeleted(id);
    });

  return {
    secret,
    setSecret,
    copied: clipboard.copied,
    showLog,
    setShowLog,
    reloadKey,
    removing,
    setRemoving,
    rotating,
    setRotating,
    rotate,
    copy,
    setEnabled,
    test,
    remove,
  };
}

export type WebhookEndpointState = ReturnType<typeof useWebhookEndpoint>;
