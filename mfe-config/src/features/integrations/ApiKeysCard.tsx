// API keys of the company: create (name, permission, rate limit, optional expiry; the key is shown once), list
// (owner, limit, expiry, status), change the limit or the expiry, take a key over, revoke.
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { integrationsApi, type ApiKeyScope, type ApiKeyStatus } from './api';
import { ApiKeyCreateForm } from './ApiKeyCreateForm';
import { KeyEditModal } from './ApiKeyDialogs';
import { ConfirmModal } from './ConfirmModal';
import { ApiKeyRow } from './ApiKeyRow';
import { IntTable } from './IntTable';
import { useApiKeyList, useKeyAction, useKeyEdit } from './use-api-keys';

const KEY_COLUMNS = ['name', 'key', 'scope', 'owner', 'created', 'lastUsed', 'limit', 'expires', 'status'];

export function ApiKeysCard() {
  const { t } = useTranslation(NS);
  const keys = useApiKeyList();
  const revoking = useKeyAction(integrationsApi.revokeKey, t('integrations.keys.revokedNotice'));
  const taking = useKeyAction(integrationsApi.takeOverKey, t('integrations.keys.takenOver'));
  const edit = useKeyEdit();

  const scopes = t('integrations.keys.scopes', { returnObjects: true }) as Record<ApiKeyScope, string>;
  const statuses = t('integrations.keys.statuses', { returnObjects: true }) as Record<ApiKeyStatus, string>;
  const actions = { onTakeOver: taking.setTarget, onEdit: edit.open, onRevoke: revoking.setTarget };

  return (
    <section className="cfg-card" data-testid="int-keys">
      <h2>{t('integrations.keys.title')}</h2>
      <p className="cfg-muted">{t('integrations.keys.intro')}</p>
      <p className="cfg-muted">{t('integrations.keys.ownerRule')}</p>
      <ApiKeyCreateForm scopes={scopes} />
      <IntTable
        items={keys}
        empty={t('integrations.keys.empty')}
        headers={KEY_COLUMNS.map((c) => t(`integrations.keys.columns.${c}`))}
        data-testid="int-key-table"
      >
        {(items) =>
          items.map((k) => (
            <ApiKeyRow key={k.id} k={k} scopes={scopes} statuses={statuses} actions={actions} />
          ))
        }
      </IntTable>
      <ConfirmModal
        open={revoking.target !== null}
        title={t('integrations.keys.revokeTitle')}
        text={t('integrations.keys.revokeText', { name: revoking.target?.name ?? '' })}
        onClose={() => revoking.setTarget(null)}
        confirm={
          <Button
            variant="danger"
            onClick={() => void revoking.confirm()}
            data-testid="int-key-revoke-confirm"
          >
            {t('integrations.keys.revoke')}
          </Button>
        }
      />
      <ConfirmModal
        open={taking.target !== null}
        title={t('integrations.keys.takeOverTitle')}
        text={t('integrations.keys.takeOverText', { name: taking.target?.name ?? '' })}
        onClose={() => taking.setTarget(null)}
        confirm={
          <Button onClick={() => void taking.confirm()} data-testid="int-key-take-over-confirm">
            {t('integrations.keys.takeOver')}
          </Button>
        }
      />
      <KeyEditModal edit={edit} />
    </section>
  );
}
