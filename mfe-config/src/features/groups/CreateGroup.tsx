// The "new team / new project" line: a name, Create; the new item opens at the top of the list.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { configApi, type Group, type GroupResource } from '../../lib/api';
import { useSave } from '../../lib/use-save';

export function CreateGroup({
  resource,
  label,
  onCreated,
}: {
  resource: GroupResource;
  label: string;
  onCreated: (group: Group) => void;
}) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState('');
  const { busy, errors, run } = useSave();

  const create = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      onCreated(await configApi.create(resource, { name }));
      setName('');
    });
  };

  return (
    <form className="cfg-card cfg-create" onSubmit={create}>
      <TextInput
        label={label}
        value={name}
        maxLength={150}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        data-testid="cfg-new-name"
      />
      <Button type="submit" busy={busy} disabled={name.trim() === ''} data-testid="cfg-create">
        {t('groups.create')}
      </Button>
    </form>
  );
}
