// API keys of the company: create (name, permission, rate limit, optional expiry; the key is shown once), list
// (owner, limit, expiry, status), change the limit or the expiry, take a key over, revoke.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/shared-api';
import { Button, DateInput, Modal, NumberInput, Select, TextInput, notifySuccess } from '@portal/shared-ui';
import { queryKeys, useQueryClient } from '@portal/shared-api/queries';
import { NS } from '../../i18n';
import { notifyFailure } from '../../lib/notices';
import { useSave } from '../../lib/use-save';
import { integrationsApi, type ApiKey, type ApiKeyScope, type ApiKeyStatus } from './api';
import { dayOf, formatWhen, localDayStart, localizeFieldErrors } from './format';
import { IntTable } from './IntTable';
import { useCompanyList } from './use-company-list';

const KEY_COLUMNS = ['name', 'key', 'scope', 'owner', 'created', 'lastUsed', 'limit', 'expires', 'status'];
const DEFAULT_LIMIT = '600';
const STATUS_BADGE: Record<ApiKeyStatus, string> = {
  active: 'int-badge--ok',
  expired: 'int-badge--bad',
  suspended: 'int-badge--wait',
  revoked: '',
};

/** The rate limit and expiry fields, shared by the create form and the change dialog. */
function LimitFields({
  limit,
  setLimit,
  expires,
  setExpires,
  errors,
  idPrefix,
  onValidity,
}: {
  limit: string;
  setLimit: (v: string) => void;
  expires: string;
  setExpires: (v: string) => void;
  errors: Record<string, string[]>;
  idPrefix: string;
  onValidity: (valid: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <>
      <NumberInput
        label={t('integrations.keys.rateLimit')}
        value={limit}
        onValueChange={setLimit}
        onValidityChange={onValidity}
        min={10}
        max={6000}
        maxDigits={4}
        error={errors.rate_limit_per_minute}
        data-testid={`${idPrefix}-limit`}
      />
      <DateInput
        label={t('integrations.keys.expires')}
        value={expires}
        onChange={(e) => setExpires(e.target.value)}
        error={errors.expires_at}
        data-testid={`${idPrefix}-expires`}
      />
    </>
  );
}

export function ApiKeysCard() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const me = useSession((s) => s.user);
  const keys = useCompanyList(queryKeys.config.apiKeys, integrationsApi.keys);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [limit, setLimit] = useState(DEFAULT_LIMIT);
  const [expires, setExpires] = useState('');
  const [limitValid, setLimitValid] = useState(true);
  const { busy, errors, run } = useSave({ localize: localizeFieldErrors });
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [taking, setTaking] = useState<ApiKey | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [editLimit, setEditLimit] = useState('');
  const [editExpires, setEditExpires] = useState('');
  const [editValid, setEditValid] = useState(true);
  const edit = useSave({ localize: localizeFieldErrors });

  /** After a write: the list is asked for again (the new key's last use, a revoked key's date). */
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.config.apiKeys });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const key = await integrationsApi.createKey({
        name,
        scope,
        ...(limit ? { rate_limit_per_minute: Number(limit) } : {}),
        ...(expires ? { expires_at: localDayStart(expires) } : {}),
      });
      setCreated(key.key);
      setCopied(false);
      setName('');
      setExpires('');
      setLimit(DEFAULT_LIMIT);
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
      notifySuccess(t('integrations.keys.revokedNotice'));
      setRevoking(null);
      await reload();
    } catch (error) {
      notifyFailure(error);
    }
  };

  const takeOver = async () => {
    if (!taking) return;
    try {
      await integrationsApi.takeOverKey(taking.id);
      notifySuccess(t('integrations.keys.takenOver'));
      setTaking(null);
      await reload();
    } catch (error) {
      notifyFailure(error);
    }
  };

  const openEdit = (k: ApiKey) => {
    setEditing(k);
    setEditLimit(String(k.rate_limit_per_minute));
    setEditExpires(dayOf(k.expires_at));
    edit.setErrors({});
  };
  const saveEdit = () => {
    if (!editing) return;
    const id = editing.id;
    void edit
      .run(async () => {
        await integrationsApi.updateKey(id, {
          ...(editLimit ? { rate_limit_per_minute: Number(editLimit) } : {}),
          // an unchanged date keeps the exact time the key expires at
          ...(editExpires !== dayOf(editing.expires_at)
            ? { expires_at: editExpires ? localDayStart(editExpires) : null }
            : {}),
        });
        await reload();
      })
      .then((saved) => saved && setEditing(null));
  };

  const scopes = t('integrations.keys.scopes', { returnObjects: true }) as Record<ApiKeyScope, string>;
  const statuses = t('integrations.keys.statuses', { returnObjects: true }) as Record<ApiKeyStatus, string>;

  return (
    <section className="cfg-card" data-testid="int-keys">
      <h2>{t('integrations.keys.title')}</h2>
      <p className="cfg-muted">{t('integrations.keys.intro')}</p>
      <p className="cfg-muted">{t('integrations.keys.ownerRule')}</p>
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
              data-status={k.status}
            >
              <td>{k.name}</td>
              <td className="int-mono">{k.prefix}…</td>
              <td>{scopes[k.scope]}</td>
              <td>{k.owner ?? ''}</td>
              <td className="int-when">{formatWhen(k.created_at)}</td>
              <td className="int-when">
                {k.last_used_at ? formatWhen(k.last_used_at) : t('integrations.keys.never')}
              </td>
              <td>{t('integrations.keys.perMinute', { n: k.rate_limit_per_minute })}</td>
              <td className="int-when">
                {k.expires_at ? formatWhen(k.expires_at) : t('integrations.keys.never')}
              </td>
              <td>
                {k.revoked_at ? (
                  t('integrations.keys.revoked', { date: formatWhen(k.revoked_at) })
                ) : (
                  <span className={`int-badge ${STATUS_BADGE[k.status]}`}>{statuses[k.status]}</span>
                )}
              </td>
              <td className="int-row-actions">
                {!k.revoked_at && (
                  <div className="int-row-actions__list">
                    {(k.status === 'suspended' || (me && k.owner_id !== me.id)) && (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setTaking(k)}
                        data-testid={`int-key-take-over-${k.id}`}
                      >
                        {t('integrations.keys.takeOver')}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => openEdit(k)}
                      data-testid={`int-key-edit-${k.id}`}
                    >
                      {t('integrations.keys.edit')}
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      onClick={() => setRevoking(k)}
                      data-testid={`int-key-revoke-${k.id}`}
                    >
                      {t('integrations.keys.revoke')}
                    </Button>
                  </div>
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
      <Modal
        open={taking !== null}
        title={t('integrations.keys.takeOverTitle')}
        onClose={() => setTaking(null)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setTaking(null)}>
              {t('integrations.keys.cancel')}
            </Button>
            <Button onClick={() => void takeOver()} data-testid="int-key-take-over-confirm">
              {t('integrations.keys.takeOver')}
            </Button>
          </>
        }
      >
        <p>{t('integrations.keys.takeOverText', { name: taking?.name ?? '' })}</p>
      </Modal>
      <Modal
        open={editing !== null}
        title={t('integrations.keys.editTitle', { name: editing?.name ?? '' })}
        onClose={() => setEditing(null)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              {t('integrations.keys.cancel')}
            </Button>
            <Button onClick={saveEdit} busy={edit.busy} disabled={!editValid} data-testid="int-key-edit-save">
              {t('integrations.keys.save')}
            </Button>
          </>
        }
      >
        <LimitFields
          limit={editLimit}
          setLimit={setEditLimit}
          expires={editExpires}
          setExpires={setEditExpires}
          errors={edit.errors}
          idPrefix="int-key-edit"
          onValidity={setEditValid}
        />
        {edit.errors.non_field_errors && (
          <p className="cfg-error">{edit.errors.non_field_errors.join(' ')}</p>
        )}
      </Modal>
    </section>
  );
}
