// The register form of a webhook endpoint: URL, description and the event types it receives (all at first).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, TextInput } from '@portal/shared-ui';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@portal/shared-api/domain';
import { NS } from '../../i18n';
import { useSave } from '../../lib/use-save';
import { integrationsApi, type WebhookEndpoint } from './api';
import { localizeFieldErrors, textOf } from './format';
import { toggleEvent } from './webhook-rules';

export function WebhookCreateForm({ onCreated }: { onCreated: (created: WebhookEndpoint) => void }) {
  const { t } = useTranslation(NS);
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
      onCreated(created);
      setUrl('');
      setDescription('');
    });
  };

  return (
    <>
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
                onChange={(on) => setEvents((list) => toggleEvent(list, type, on))}
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
    </>
  );
}
