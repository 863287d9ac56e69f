// One API key of the list: its name, prefix, permission, owner, dates, limit and status, and its actions
// (take over, change, revoke) while it is not revoked.
import { useTranslation } from 'react-i18next';
import { useSession } from '@portal/shared-api';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { ApiKey, ApiKeyScope, ApiKeyStatus } from './api';
import { canTakeOver } from './api-key-rules';
import { formatWhen } from './format';

const STATUS_BADGE: Record<ApiKeyStatus, string> = {
  active: 'int-badge--ok',
  expired: 'int-badge--bad',
  suspended: 'int-badge--wait',
  revoked: '',
};

export interface ApiKeyRowActions {
  onTakeOver: (k: ApiKey) => void;
  onEdit: (k: ApiKey) => void;
  onRevoke: (k: ApiKey) => void;
}

export function ApiKeyRow({
  k,
  scopes,
  statuses,
  actions,
}: {
  k: ApiKey;
  scopes: Record<ApiKeyScope, string>;
  statuses: Record<ApiKeyStatus, string>;
  actions: ApiKeyRowActions;
}) {
  const { t } = useTranslation(NS);
  return (
    <tr
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
      <td className="int-when">{k.expires_at ? formatWhen(k.expires_at) : t('integrations.keys.never')}</td>
      <td>
        {k.revoked_at ? (
          t('integrations.keys.revoked', { date: formatWhen(k.revoked_at) })
        ) : (
          <span className={`int-badge ${STATUS_BADGE[k.status]}`}>{statuses[k.status]}</span>
        )}
      </td>
      <td className="int-row-actions">{!k.revoked_at && <KeyActions k={k} actions={actions} />}</td>
    </tr>
  );
}

function KeyActions({ k, actions }: { k: ApiKey; actions: ApiKeyRowActions }) {
  const { t } = useTranslation(NS);
  const me = useSession((s) => s.user);
  return (
    <div className="int-row-actions__list">
      {canTakeOver(k, me) && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => actions.onTakeOver(k)}
          data-testid={`int-key-take-over-${k.id}`}
        >
          {t('integrations.keys.takeOver')}
        </Button>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => actions.onEdit(k)}
        data-testid={`int-key-edit-${k.id}`}
      >
        {t('integrations.keys.edit')}
      </Button>
      <Button
        variant="danger"
        size="sm"
        onClick={() => actions.onRevoke(k)}
        data-testid={`int-key-revoke-${k.id}`}
      >
        {t('integrations.keys.revoke')}
      </Button>
    </div>
  );
}
