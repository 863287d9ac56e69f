// One team or project: its name (rename), its user lists (add from the company's users, remove), delete
// with confirmation. Every change is saved at once (PATCH) with the spec's notices; a refused change shows
// the server's messages under the list it concerns.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@portal/shared-api';
import { Button, Modal, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { configApi, type Group, type GroupResource } from '../../lib/api';
import { notifyDeleted, notifyFailure } from '../../lib/notices';
import { useSave } from '../../lib/use-save';
import { displayName, UserPicker } from './UserPicker';

export interface GroupLinkDef {
  field: 'subscribers' | 'coordinators' | 'members';
  label: string;
}

export interface GroupCardProps {
  resource: GroupResource;
  group: Group;
  links: GroupLinkDef[];
  users: UserSummary[];
  confirmText: string;
  onChanged: (group: Group) => void;
  onDeleted: (id: number) => void;
  /** Extra content under the lists (e.g. a project's use in the lists, a team's projects). */
  extra?: ReactNode;
}

export function GroupCard({
  resource,
  group,
  links,
  users,
  confirmText,
  onChanged,
  onDeleted,
  extra,
}: GroupCardProps) {
  const { t } = useTranslation(NS);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(group.name);
  const saving = useSave();
  const { errors, setErrors } = saving;
  const [removing, setRemoving] = useState(false);
  const busy = saving.busy || removing;
  const [confirming, setConfirming] = useState(false);
  const testBase = `cfg-group-${group.id}`;

  const save = (body: Record<string, unknown>) =>
    saving.run(async () => onChanged(await configApi.update(resource, group.id, body)));

  const listOf = (field: GroupLinkDef['field']): UserSummary[] => group[field] ?? [];
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (await save({ name })) setRenaming(false);
  };
  const setList = (field: GroupLinkDef['field'], ids: number[]) => save({ [field]: ids });

  const remove = async () => {
    setRemoving(true);
    try {
      await configApi.remove(resource, group.id);
      setConfirming(false);
      notifyDeleted();
      onDeleted(group.id);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <li className="cfg-card cfg-group" data-testid={testBase} data-name={group.name}>
      <div className="cfg-group__head">
        {renaming ? (
          <form className="cfg-inline-name" onSubmit={(e) => void rename(e)}>
            <TextInput
              label={t('groups.name')}
              value={name}
              maxLength={150}
              onChange={(e) => setName(e.target.value)}
              error={errors.name}
              data-testid={`${testBase}-name`}
              autoFocus
            />
            <Button type="submit" busy={busy} data-testid={`${testBase}-save-name`}>
              {t('groups.save')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setRenaming(false);
                setName(group.name);
                setErrors({});
              }}
            >
              {t('groups.cancel')}
            </Button>
          </form>
        ) : (
          <>
            <h2>{group.name}</h2>
            <div className="cfg-actions" style={{ marginTop: 0 }}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setRenaming(true)}
                data-testid={`${testBase}-rename`}
              >
                {t('groups.rename')}
              </Button>
              <Button
                variant="danger"
                size="sm"
                onClick={() => setConfirming(true)}
                data-testid={`${testBase}-delete`}
              >
                {t('groups.delete')}
              </Button>
            </div>
          </>
        )}
      </div>
      <div className="cfg-group__body">
        {links.map((link) => {
          const chosen = listOf(link.field);
          return (
            <div key={link.field} data-testid={`${testBase}-${link.field}`}>
              <strong>{link.label}</strong>
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
                        onClick={() =>
                          void setList(
                            link.field,
                            chosen.filter((x) => x.id !== u.id).map((x) => x.id),
                          )
                        }
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
                label={`${t('groups.add')}: ${link.label}`}
                testId={`${testBase}-${link.field}-add`}
                disabled={busy}
                onPick={(u) => void setList(link.field, [...chosen.map((x) => x.id), u.id])}
              />
              {errors[link.field] && (
                <ul className="cfg-error" role="alert">
                  {errors[link.field].map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
      {extra}
      <Modal
        open={confirming}
        title={t('groups.confirmTitle', { name: group.name })}
        onClose={() => setConfirming(false)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('groups.cancel')}
            </Button>
            <Button
              variant="danger"
              busy={busy}
              onClick={() => void remove()}
              data-testid={`${testBase}-confirm-delete`}
            >
              {t('groups.delete')}
            </Button>
          </>
        }
      >
        <p>{confirmText}</p>
      </Modal>
    </li>
  );
}
