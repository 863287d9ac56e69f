// One team or project: its name (rename), its user lists (add from the company's users, remove), delete
// with confirmation. Every change is saved at once (PATCH) with the spec's notices; a refused change shows
// the server's messages under the list it concerns.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@portal/shared-api';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { configApi, type Group, type GroupResource } from '../../lib/api';
import { useSave } from '../../lib/use-save';
import { GroupHead } from './GroupHead';
import { GroupUserList } from './GroupUserList';
import { useGroupRemove } from './use-group-remove';

interface GroupLinkDef {
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
  const saving = useSave();
  const { errors, setErrors } = saving;
  const { removing, confirming, setConfirming, remove } = useGroupRemove(resource, group, onDeleted);
  const busy = saving.busy || removing;
  const testBase = `cfg-group-${group.id}`;

  const save = (body: Record<string, unknown>) =>
    saving.run(async () => onChanged(await configApi.update(resource, group.id, body)));

  return (
    <li className="cfg-card cfg-group" data-testid={testBase} data-name={group.name}>
      <div className="cfg-group__head">
        <GroupHead
          group={group}
          testBase={testBase}
          busy={busy}
          errors={errors}
          clearErrors={() => setErrors({})}
          saveName={(name) => save({ name })}
          onDelete={() => setConfirming(true)}
        />
      </div>
      <div className="cfg-group__body">
        {links.map((link) => (
          <GroupUserList
            key={link.field}
            label={link.label}
            testId={`${testBase}-${link.field}`}
            chosen={group[link.field] ?? []}
            users={users}
            busy={busy}
            errors={errors[link.field]}
            onChange={(ids) => void save({ [link.field]: ids })}
          />
        ))}
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
