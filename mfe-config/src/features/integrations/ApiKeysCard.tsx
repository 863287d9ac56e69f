// API keys of the company: create (name, permission; the key is shown once), list, revoke.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Select, TextInput } from '@portal/shared-ui';
import { queryKeys, useQueryClient } from '@portal/shared-api/queries';
import { NS } from '../../i18n';
import { notifyFailure, notifySaved } from '../../lib/notices';
import { useSave } from '../../lib/useSave';
import { integrationsApi, type ApiKey, type ApiKeyScope } from './api';
import { formatDate, localizeFieldErrors } from './format';
import { IntTable } from './IntTable';
import { useCompanyList } from './useCompanyList';

const KEY_COLUMNS = ['name', 'key', 'scope', 'createdBy', 'created', 'lastUsed', 'status'];

export function ApiKeysCard() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const keys = useCompanyList(queryKeys.config.apiKeys, integrationsApi.keys);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const { busy, errors, run } = useSave({ localize: localizeFieldErrors });
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  /** After a write: the list is asked for again (the new key's last use, a revoked key's date). */
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.config.apiKeys });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const key = await integrationsApi.createKey({ name, scope });
      setCreated(key.key);
      setCopied(false);
      setName('');
      await reload();
    });
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    try {
      await integrationsApi.revokeKey(revoking.id);
      notifySaved();
      setRevoking(null);
      await reload();
    } catch (error) {
      notifyFailure(error);
    }
  };

  const scopes = t('integrations.keys.scopes', { returnObjects: true }) as Record<ApiKeyScope, string>;

  return (
    <section className="cfg-card" data-testid="int-keys">
      <h2>{t('integrations.keys.title')}</h2>
      <p className="cfg-muted">{t('integrations.keys.intro')}</p>
      <form className="int-form" onSubmit={submit} noValidate>
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
        <Button type="submit" busy={busy} data-testid="int-key-create">
          {t('integrations.keys.create')}
        </Button>
      </form>
      {errors.non_field_errors && <p className="cfg-error">{errors.non_field_errors.join(' ')}</p>}
      {created && (
        <div className="int-secret" data-testid="int-key-created" role="status">
          <strong>{t('integrations.keys.createdTitle')}</strong>
          <span className="cfg-muted">{t('integrations.keys.createdText')}</span>
          <code className="int-mono" data-testid="int-key-value">
            {created}
          </code>
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {copied ? t('integrations.keys.copied') : t('integrations.keys.copy')}
          </Button>
          <Button variant="link" size="sm" onClick={() => setCreated(null)}>
            {t('integrations.keys.done')}
          </Button>
        </div>
      )}
      <IntTable
        items={keys}
        empty={t('integrations.keys.empty')}
        headers={KEY_COLUMNS.map((c) => t(`integrations.keys.columns.${c}`))}
        data-testid="int-key-table"
      >
        {(items) =>
          items.map((k) => (
            <tr
              key={k.id}
              className={k.revoked_at ? 'int-row--revoked' : ''}
              data-testid={`int-key-row-${k.id}`}
            >
              <td>{k.name}</td>
              <td className="int-mono">{k.prefix}…</td>
              <td>{scopes[k.scope]}</td>
              <td>{k.created_by ?? ''}</td>
              <td>{formatDate(k.created_at)}</td>
              <td>{k.last_used_at ? formatDate(k.last_used_at) : t('integrations.keys.never')}</td>
              <td>
                {k.revoked_at
                  ? t('integrations.keys.revoked', { date: formatDate(k.revoked_at) })
                  : t('integrations.keys.active')}
              </td>
              <td>
                {!k.revoked_at && (
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => setRevoking(k)}
                    data-testid={`int-key-revoke-${k.id}`}
                  >
                    {t('integrations.keys.revoke')}
                  </Button>
                )}
              </td>
            </tr>
          ))
        }
      </IntTable>
      <Modal
        open={revoking !== null}
        title={t('integrations.keys.revokeTitle')}
        onClose={() => setRevoking(null)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              {t('integrations.keys.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void revoke()} data-testid="int-key-revoke-confirm">
              {t('integrations.keys.revoke')}
            </Button>
          </>
        }
      >
        <p>{t('integrations.keys.revokeText', { name: revoking?.name ?? '' })}</p>
      </Modal>
    </section>
  );
}
