// Personal info: username and e-mail read-only (spec section 6), first and last name saved with
// PATCH rest-auth/user.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, sessionStore, type User } from '@portal/shared-api';
import { Button, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { fieldErrorsOf, notifyFailure, notifySaved } from '../../lib/notices';

export function PersonalInfo({ user }: { user: User }) {
  const { t } = useTranslation(NS);
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const updated = await authApi.updateCurrentUser({ first_name: firstName, last_name: lastName });
      sessionStore.getState().setUser({ ...user, ...updated });
      notifySaved();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      notifyFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cfg-card" aria-labelledby="cfg-personal">
      <h2 id="cfg-personal">{t('userConfig.personal')}</h2>
      <div className="cfg-grid">
        <TextInput
          label={t('userConfig.username')}
          value={user.username}
          readOnly
          hint={t('userConfig.readOnly')}
          data-testid="cfg-username"
        />
        <TextInput
          label={t('userConfig.email')}
          value={user.email}
          readOnly
          hint={t('userConfig.readOnly')}
          data-testid="cfg-email"
        />
        <TextInput
          label={t('userConfig.firstName')}
          value={firstName}
          maxLength={150}
          onChange={(e) => setFirstName(e.target.value)}
          error={errors.first_name}
          data-testid="cfg-first-name"
        />
        <TextInput
          label={t('userConfig.lastName')}
          value={lastName}
          maxLength={150}
          onChange={(e) => setLastName(e.target.value)}
          error={errors.last_name}
          data-testid="cfg-last-name"
        />
      </div>
      <div className="cfg-actions">
        <Button onClick={save} busy={busy} data-testid="cfg-save-personal">
          {t('userConfig.savePersonal')}
        </Button>
      </div>
    </section>
  );
}
