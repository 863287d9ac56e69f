// A group card's head: its name with Rename and Delete, or the rename form (saved at once).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { Group } from '../../lib/api';

export function GroupHead({
  group,
  testBase,
  busy,
  errors,
  clearErrors,
  saveName,
  onDelete,
}: {
  group: Group;
  testBase: string;
  busy: boolean;
  errors: Record<string, string[]>;
  clearErrors: () => void;
  /** Resolves to whether the name was saved. */
  saveName: (name: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const { t } = useTranslation(NS);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(group.name);
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (await saveName(name)) setRenaming(false);
  };
  const cancel = () => {
    setRenaming(false);
    setName(group.name);
    clearErrors();
  };

  if (renaming)
    return (
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
        <Button variant="secondary" onClick={cancel}>
          {t('groups.cancel')}
        </Button>
      </form>
    );
  return (
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
        <Button variant="danger" size="sm" onClick={onDelete} data-testid={`${testBase}-delete`}>
          {t('groups.delete')}
        </Button>
      </div>
    </>
  );
}
