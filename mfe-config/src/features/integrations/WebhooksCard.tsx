// Webhook endpoints of the company: register (URL, events, description), the signing secret shown once (after
// registering and after a rotation, which keeps the previous secret signing for 24 h), enable or disable,
// send a test event, open the delivery log, delete.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Modal, TextInput, notifySuccess } from '@portal/shared-ui';
import { queryKeys, useQueryClient } from '@portal/shared-api/queries';
import { NS } from '../../i18n';
import { notifyDeleted, notifyFailure, notifySaved } from '../../lib/notices';
import { Listed } from '../../lib/Listed';
import { useSave } from '../../lib/use-save';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@portal/shared-api/domain';
import { integrationsApi, type WebhookEndpoint } from './api';
import { DeliveryLog } from './DeliveryLog';
import { formatWhen, localizeFieldErrors, textOf } from './format';
import { useCompanyList } from './use-company-list';

function EndpointItem({
  endpoint,
  onChanged,
  onDeleted,
}: {
  endpoint: WebhookEndpoint;
  onChanged: (e: WebhookEndpoint) => void;
  onDeleted: (id: number) => void;
}) {
  const { t } = useTranslation(NS);
  // Shown once: the answer of the create (or rotate) call is the only place the secret ever is.
  const [secret, setSecret] = useState<string | null>(endpoint.secret ?? null);
  const [copied, setCopied] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [removing, setRemoving] = useState(false);
  const [rotating, setRotating] = useState(false);
  const id = endpoint.id;

  const rotate = async () => {
    try {
      const answer = await integrationsApi.rotateSecret(id);
      setSecret(answer.secret);
      setCopied(false);
      setRotating(false);
      onChanged({
        ...endpoint,
        secret: undefined,
        secret_rotated_at: new Date().toISOString(),
        previous_secret_expires_at: answer.previous_secret_expires_at,
      });
      notifySuccess(t('integrations.hooks.rotated'));
    } catch (error) {
      notifyFailure(error);
    }
  };
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const setEnabled = async (enabled: boolean) => {
    try {
      onChanged(await integrationsApi.updateEndpoint(id, { enabled }));
      notifySaved();
    } catch (error) {
      notifyFailure(error);
    }
  };
  const test = async () => {
    try {
      await integrationsApi.sendTest(id);
      notifySuccess(t('integrations.hooks.testSent'));
      setShowLog(true);
      setReloadKey((k) => k + 1);
    } catch (error) {
      notifyFailure(error);
    }
  };
  const remove = async () => {
    try {
      await integrationsApi.removeEndpoint(id);
      notifyDeleted();
      onDeleted(id);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const state = endpoint.enabled
    ? t('integrations.hooks.enabled')
    : endpoint.disabled_reason === 'failing'
      ? t('integrations.hooks.disabledFailing')
      : t('integrations.hooks.disabledManual');

  return (
    <li className="int-hook" data-testid={`int-hook-${id}`}>
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
        <p className="cfg-muted" data-testid={`int-hook-${id}-grace`}>
          {t('integrations.hooks.graceUntil', { date: formatWhen(endpoint.previous_secret_expires_at) })}
        </p>
      )}
      {secret && (
        <div className="int-secret" role="status">
          <strong>{t('integrations.hooks.secretTitle')}</strong>
          <span className="cfg-muted">{t('integrations.hooks.secretText')}</span>
          <code className="int-mono" data-testid={`int-hook-${id}-secret`}>
            {secret}
          </code>
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {copied ? t('integrations.hooks.copied') : t('integrations.hooks.copy')}
          </Button>
          <Button
            variant="link"
            size="sm"
            onClick={() => setSecret(null)}
            data-testid={`int-hook-${id}-secret-done`}
          >
            {t('integrations.hooks.secretDone')}
          </Button>
        </div>
      )}
      <div className="int-actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setRotating(true)}
          data-testid={`int-hook-${id}-rotate`}
        >
          {t('integrations.hooks.rotate')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void test()} data-testid={`int-hook-${id}-test`}>
          {t('integrations.hooks.test')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setShowLog((v) => !v)}
          aria-expanded={showLog}
          data-testid={`int-hook-${id}-log-toggle`}
        >
          {showLog ? t('integrations.hooks.hideLog') : t('integrations.hooks.log')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void setEnabled(!endpoint.enabled)}>
          {endpoint.enabled ? t('integrations.hooks.disable') : t('integrations.hooks.enable')}
        </Button>
        <Button variant="danger" size="sm" onClick={() => setRemoving(true)}>
          {t('integrations.hooks.remove')}
        </Button>
      </div>
      {showLog && <DeliveryLog endpointId={id} reloadKey={reloadKey} />}
      <Modal
        open={rotating}
        title={t('integrations.hooks.rotateTitle')}
        onClose={() => setRotating(false)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRotating(false)}>
              {t('integrations.hooks.cancel')}
            </Button>
            <Button onClick={() => void rotate()} data-testid={`int-hook-${id}-rotate-confirm`}>
              {t('integrations.hooks.rotate')}
            </Button>
          </>
        }
      >
        <p>{t('integrations.hooks.rotateText')}</p>
      </Modal>
      <Modal
        open={removing}
        title={t('integrations.hooks.removeTitle')}
        onClose={() => setRemoving(false)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(false)}>
              {t('integrations.hooks.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              {t('integrations.hooks.remove')}
            </Button>
          </>
        }
      >
        <p>{t('integrations.hooks.removeText')}</p>
      </Modal>
    </li>
  );
}

export function WebhooksCard() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const endpoints = useCompanyList(queryKeys.config.webhooks, integrationsApi.endpoints);
  /** Applies a saved write to the cached list. */
  const setEndpoints = (change: (list: WebhookEndpoint[]) => WebhookEndpoint[]) =>
    client.setQueryData<WebhookEndpoint[]>(queryKeys.config.webhooks, (list) => change(list ?? []));
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const { busy, errors, run } = useSave({ localize: localizeFieldErrors });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const created = await integrationsApi.createEndpoint({
        url: url.trim(),
        events,
        description: description.trim(),
      });
      setEndpoints((list) => [...list, created]);
      setUrl('');
      setDescription('');
    });
  };

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((list) => (on ? [...new Set([...list, type])] : list.filter((x) => x !== type)));

  return (
    <section className="cfg-card" data-testid="int-hooks">
      <h2>{t('integrations.hooks.title')}</h2>
      <p className="cfg-muted">{t('integrations.hooks.intro')}</p>
      <form className="int-form int-form--hook" onSubmit={submit} noValidate>
        <TextInput
          label={t('integrations.hooks.url')}
          placeholder={t('integrations.hooks.urlPlaceholder')}
          value={url}
          maxLength={2048}
          inputMode="url"
          onChange={(e) => setUrl(e.target.value)}
          error={errors.url}
          data-testid="int-hook-url"
        />
        <TextInput
          label={t('integrations.hooks.description')}
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          data-testid="int-hook-description"
        />
        <fieldset className="int-events">
          <legend>{t('integrations.hooks.events')}</legend>
          <div className="int-events__list">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={textOf('integrations.hooks.eventNames', type)}
                checked={events.includes(type)}
                onChange={(on) => toggle(type, on)}
                data-testid={`int-hook-event-${type}`}
              />
            ))}
          </div>
          {errors.events && <p className="cfg-error">{errors.events.join(' ')}</p>}
        </fieldset>
        <div>
          <Button type="submit" busy={busy} disabled={events.length === 0} data-testid="int-hook-create">
            {t('integrations.hooks.create')}
          </Button>
        </div>
      </form>
      {errors.non_field_errors && <p className="cfg-error">{errors.non_field_errors.join(' ')}</p>}
      <Listed items={endpoints} empty={t('integrations.hooks.empty')}>
        {(list) => (
          <ul className="int-hooks">
            {list.map((e) => (
              <EndpointItem
                key={e.id}
                endpoint={e}
                onChanged={(changed) =>
                  setEndpoints((list) =>
                    list.map((x) => (x.id === changed.id ? { ...changed, secret: undefined } : x)),
                  )
                }
                onDeleted={(id) => setEndpoints((list) => list.filter((x) => x.id !== id))}
              />
            ))}
          </ul>
        )}
      </Listed>
    </section>
  );
}
