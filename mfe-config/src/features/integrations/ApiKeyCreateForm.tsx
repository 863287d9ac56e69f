// The create form of an API key (name, permission, rate limit, optional expiry) and the new key, shown once.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Select, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { useClipboard } from '../../lib/use-clipboard';
import { useSave } from '../../lib/use-save';
import { integrationsApi, type ApiKeyScope } from './api';
import { keyCreateBody } from './api-key-rules';
import { localizeFieldErrors } from './format';
import { LimitFields } from './LimitFields';
import { useReloadKeys } from './use-api-keys';

const DEFAULT_LIMIT = '600';

export function ApiKeyCreateForm({ scopes }: { scopes: Record<ApiKeyScope, string> }) {
  const { t } = useTranslation(NS);
  const reload = useReloadKeys();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [limit, setLimit] = useState(DEFAULT_LIMIT);
  const [expires, setExpires] = useState('');
  const [limitValid, setLimitValid] = useState(true);
  const { busy, errors, run } = useSave({ localize: localizeFieldErrors });
  const [created, setCreated] = useState<string | null>(null);
  const clipboard = useClipboard();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const key = await integrationsApi.createKey(keyCreateBody(name, scope, limit, expires));
      setCreated(key.key);
      clipboard.reset();
      setName('');
      setExpires('');
      setLimit(DEFAULT_LIMIT);
      await reload();
    });
  };

  return (
    <>
      <form className="int-form int-form--key" onSubmit={submit} noValidate>
        <TextInput
          label={t('integrations.keys.name')}
          placeholder={t('integrations.keys.namePlaceholder')}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          data-testid="int-key-name"
        />
        <Select
          label={t('integrations.keys.scope')}
          value={scope}
          options={(['read', 'read_write'] as const).map((s) => ({ value: s, label: scopes[s] }))}
          onChange={(v) => setScope(v as ApiKeyScope)}
          error={errors.scope}
          id="int-key-scope"
        />
        <LimitFields
          limit={limit}
          setLimit={setLimit}
          expires={expires}
          setExpires={setExpires}
          errors={errors}
          idPrefix="int-key"
          onValidity={setLimitValid}
        />
        <Button type="submit" busy={busy} disabled={!limitValid} data-testid="int-key-create">
          {t('integrations.keys.create')}
        </Button>
      </form>
      {errors.non_field_errors && <p className="cfg-error">{errors.non_field_errors.join(' ')}</p>}
      {created && (
        <CreatedKey
          value={created}
          copied={clipboard.copied}
          onCopy={() => void clipboard.copy(created)}
          onDone={() => setCreated(null)}
        />
      )}
    </>
  );
}

/** The new key with its copy button; 'Copied' until another key is created. */
function CreatedKey({
  value,
  copied,
  onCopy,
  onDone,
}: {
  value: string;
  copied: boolean;
  onCopy: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="int-secret" data-testid="int-key-created" role="status">
      <strong>{t('integrations.keys.createdTitle')}</strong>
      <span className="cfg-muted">{t('integrations.keys.createdText')}</span>
      <code className="int-mono" data-testid="int-key-value">
        {value}
      </code>
      <Button variant="secondary" size="sm" onClick={onCopy}>
        {copied ? t('integrations.keys.copied') : t('integrations.keys.copy')}
      </Button>
      <Button variant="link" size="sm" onClick={onDone}>
        {t('integrations.keys.done')}
      </Button>
    </div>
  );
}
