// Personal info: username and e-mail read-only (spec section 6), first and last name saved with
// PATCH rest-auth/user.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, sessionStore, type User } from '@portal/shared-api';
import { Button, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { useSave } from '../../lib/use-save';

const READ_ONLY = [
  { field: 'username', label: 'userConfig.username', testId: 'cfg-username' },
  { field: 'email', label: 'userConfig.email', testId: 'cfg-email' },
] as const;
const EDITABLE = [
  { field: 'first_name', label: 'userConfig.firstName', testId: 'cfg-first-name' },
  { field: 'last_name', label: 'userConfig.lastName', testId: 'cfg-last-name' },
] as const;
type Names = Record<(typeof EDITABLE)[number]['field'], string>;

export function PersonalInfo({ user }: { user: User }) {
  const { t } = useTranslation(NS);
  const [names, setNames] = useState<Names>({ first_name: user.first_name, last_name: user.last_name });
  const { busy, errors, run } = useSave();

  const save = () =>
    run(async () => {
      const updated = await authApi.updateCurrentUser(names);
      sessionStore.getState().setUser({ ...user, ...updated });
    });

  return (
    <section className="cfg-card" aria-labelledby="cfg-personal">
      <h2 id="cfg-personal">{t('userConfig.personal')}</h2>
      <div className="cfg-grid">
        {READ_ONLY.map(({ field, label, testId }) => (
          <TextInput
            key={field}
            label={t(label)}
            value={user[field]}
            readOnly
            hint={t('userConfig.readOnly')}
            data-testid={testId}
          />
        ))}
        {EDITABLE.map(({ field, label, testId }) => (
          <TextInput
            key={field}
            label={t(label)}
            value={names[field]}
            maxLength={150}
            onChange={(e) => setNames((current) => ({ ...current, [field]: e.target.value }))}
            error={errors[field]}
            data-testid={testId}
          />
        ))}
      </div>
      <div className="cfg-actions">
        <Button onClick={() => void save()} busy={busy} data-testid="cfg-save-personal">
          {t('userConfig.savePersonal')}
        </Button>
      </div>
    </section>
  );
}
