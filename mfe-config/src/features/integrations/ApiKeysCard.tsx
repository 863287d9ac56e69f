// API keys of the company: create (name, permission; the key is shown once), list, revoke.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Select, Spinner, TextInput } from '@portal/shared-ui';
import { queryKeys, useQuery } from '@portal/shared-api/queries';
import { NS } from '../../i18n';
import { fieldErrorsOf, notifyFailure, notifySaved } from '../../lib/notices';
import { integrationsApi, type ApiKey, type ApiKeyScope } from './api';
import { formatDate, localizeFieldErrors } from './format';

export function ApiKeysCard() {
  const { t } = useTranslation(NS);
  const keysQuery = useQuery({ queryKey: queryKeys.config.apiKeys, queryFn: integrationsApi.keys });
  // a failed load shows the empty list (and says why)
  const keys: ApiKey[] | null = keysQuery.data ?? (keysQuery.error ? [] : null);
  useEffect(() => {
    if (keysQuery.error) notifyFailure(keysQuery.error);
  }, [keysQuery.error]);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const load = () => keysQuery.refetch();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const key = await integrationsApi.createKey({ name, scope });
      setCreated(key.key);
      setCopied(false);
      setName('');
      notifySaved();
      await load();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) setErrors(localizeFieldErrors(fields));
      else notifyFailure(error);
    } finally {
      setBusy(false);
    }
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
      await load();
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
          <Button variant="secondary" size="sm" onClick={copy}>
            {copied ? t('integrations.keys.copied') : t('integrations.keys.copy')}
          </Button>
          <Button variant="link" size="sm" onClick={() => setCreated(null)}>
            {t('integrations.keys.done')}
          </Button>
        </div>
      )}
      {keys === null ? (
        <Spinner />
      ) : keys.length === 0 ? (
        <p className="cfg-muted">{t('integrations.keys.empty')}</p>
      ) : (
        <div className="int-table-wrap">
          <table className="int-table" data-testid="int-key-table">
            <thead>
              <tr>
                <th>{t('integrations.keys.columns.name')}</th>
                <th>{t('integrations.keys.columns.key')}</th>
                <th>{t('integrations.keys.columns.scope')}</th>
                <th>{t('integrations.keys.columns.createdBy')}</th>
                <th>{t('integrations.keys.columns.created')}</th>
                <th>{t('integrations.keys.columns.lastUsed')}</th>
                <th>{t('integrations.keys.columns.status')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
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
              ))}
            </tbody>
          </table>
        </div>
      )}
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
            <Button variant="danger" onClick={revoke} data-testid="int-key-revoke-confirm">
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
