// One user list of a group (subscribers, coordinators, members): its users with a remove button each, the
// picker to add one, and the server's messages about the list.
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@portal/shared-api';
import { NS } from '../../i18n';
import { idsWith, idsWithout } from './group-lists';
import { displayName } from './user-match';
import { UserPicker } from './UserPicker';

export function GroupUserList({
  label,
  testId,
  chosen,
  users,
  busy,
  errors,
  onChange,
}: {
  label: string;
  testId: string;
  chosen: UserSummary[];
  users: UserSummary[];
  busy: boolean;
  errors: string[] | undefined;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <div data-testid={testId}>
      <strong>{label}</strong>
      {chosen.length === 0 ? (
        <p className="cfg-muted">{t('groups.none')}</p>
      ) : (
        <ul className="cfg-people">
          {chosen.map((u) => (
            <li key={u.id} className="cfg-person" data-user={u.username}>
              <span title={u.email}>{displayName(u)}</span>
              <button
                type="button"
                aria-label={t('groups.remove', { name: displayName(u) })}
                disabled={busy}
                onClick={() => onChange(idsWithout(chosen, u.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <UserPicker
        users={users}
        exclude={chosen.map((u) => u.id)}
        label={`${t('groups.add')}: ${label}`}
        testId={`${testId}-add`}
        disabled={busy}
        onPick={(u) => onChange(idsWith(chosen, u.id))}
      />
      {errors && (
        <ul className="cfg-error" role="alert">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
