// One webhook endpoint: its URL, state, description, events and secret grace period; the signing secret when it
// was just created or rotated; its actions, delivery log and confirmation dialogs.
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { ConfirmModal } from './ConfirmModal';
import type { WebhookEndpoint } from './api';
import { DeliveryLog } from './DeliveryLog';
import { formatWhen, textOf } from './format';
import { useWebhookEndpoint, type WebhookEndpointState } from './use-webhook-endpoint';

export function EndpointItem({
  endpoint,
  onChanged,
  onDeleted,
}: {
  endpoint: WebhookEndpoint;
  onChanged: (e: WebhookEndpoint) => void;
  onDeleted: (id: number) => void;
}) {
  const { t } = useTranslation(NS);
  const hook = useWebhookEndpoint(endpoint, onChanged, onDeleted);
  const id = endpoint.id;

  return (
    <li className="int-hook" data-testid={`int-hook-${id}`}>
      <EndpointDetails endpoint={endpoint} />
      {hook.secret && <EndpointSecret id={id} hook={hook} />}
      <EndpointActions endpoint={endpoint} hook={hook} />
      {hook.showLog && <DeliveryLog endpointId={id} reloadKey={hook.reloadKey} />}
      <ConfirmModal
        open={hook.rotating}
        title={t('integrations.hooks.rotateTitle')}
        text={t('integrations.hooks.rotateText')}
        onClose={() => hook.setRotating(false)}
        confirm={
          <Button onClick={() => void hook.rotate()} data-testid={`int-hook-${id}-rotate-confirm`}>
            {t('integrations.hooks.rotate')}
          </Button>
        }
      />
      <ConfirmModal
        open={hook.removing}
        title={t('integrations.hooks.removeTitle')}
        text={t('integrations.hooks.removeText')}
        onClose={() => hook.setRemoving(false)}
        confirm={
          <Button variant="danger" onClick={() => void hook.remove()}>
            {t('integrations.hooks.remove')}
          </Button>
        }
      />
    </li>
  );
}

function EndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation(NS);
  const state = endpoint.enabled
    ? t('integrations.hooks.enabled')
    : endpoint.disabled_reason === 'failing'
      ? t('integrations.hooks.disabledFailing')
      : t('integrations.hooks.disabledManual');
  return (
    <>
      <div className="int-hook__head">
        <span className="int-hook__url">{endpoint.url}</span>
        <span className={`int-badge ${endpoint.enabled ? 'int-badge--ok' : 'int-badge--bad'}`}>{state}</span>
      </div>
      {endpoint.description && <p className="cfg-muted">{endpoint.description}</p>}
      {endpoint.failing_since && endpoint.enabled && (
        <p className="cfg-error">
          {t('integrations.hooks.failingSince', { date: formatWhen(endpoint.failing_since) })}
        </p>
      )}
      <ul className="int-chips" aria-label={t('integrations.hooks.events')}>
        {endpoint.events.map((e) => (
          <li key={e} className="int-badge">
            {textOf('integrations.hooks.eventNames', e)}
          </li>
        ))}
      </ul>
      {endpoint.previous_secret_expires_at && (
        <p className="cfg-muted" data-testid={`int-hook-${endpoint.id}-grace`}>
          {t('integrations.hooks.graceUntil', { date: formatWhen(endpoint.previous_secret_expires_at) })}
        </p>
      )}
    </>
  );
}

function EndpointSecret({ id, hook }: { id: number; hook: WebhookEndpointState }) {
  const { t } = useTranslation(NS);
  return (
    <div className="int-secret" role="status">
      <strong>{t('integrations.hooks.secretTitle')}</strong>
      <span className="cfg-muted">{t('integrations.hooks.secretText')}</span>
      <code className="int-mono" data-testid={`int-hook-${id}-secret`}>
        {hook.secret}
      </code>
      <Button variant="secondary" size="sm" onClick={() => void hook.copy()}>
        {hook.copied ? t('integrations.hooks.copied') : t('integrations.hooks.copy')}
      </Button>
      <Button
        variant="link"
        size="sm"
        onClick={() => hook.setSecret(null)}
        data-testid={`int-hook-${id}-secret-done`}
      >
        {t('integrations.hooks.secretDone')}
      </Button>
    </div>
  );
}

function EndpointActions({ endpoint, hook }: { endpoint: WebhookEndpoint; hook: WebhookEndpointState }) {
  const { t } = useTranslation(NS);
  const id = endpoint.id;
  return (
    <div className="int-actions">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => hook.setRotating(true)}
        data-testid={`int-hook-${id}-rotate`}
      >
        {t('integrations.hooks.rotate')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void hook.test()}
        data-testid={`int-hook-${id}-test`}
      >
        {t('integrations.hooks.test')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => hook.setShowLog((v) => !v)}
        aria-expanded={hook.showLog}
        data-testid={`int-hook-${id}-log-toggle`}
      >
        {hook.showLog ? t('integrations.hooks.hideLog') : t('integrations.hooks.log')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void hook.setEnabled(!endpoint.enabled)}>
        {endpoint.enabled ? t('integrations.hooks.disable') : t('integrations.hooks.enable')}
      </Button>
      <Button variant="danger" size="sm" onClick={() => hook.setRemoving(true)}>
        {t('integrations.hooks.remove')}
      </Button>
    </div>
  );
}
