// /free-time-config (every signed-in user): the company's free-time rules for demurrage and detention. Managers
// with write permission change them; everyone else reads them, with a sentence saying why they cannot change them.
import { useTranslation } from 'react-i18next';
import { canWrite, isManager, isSuperuser, useSession } from '@portal/shared-api';
import { NS } from '../i18n';
import { FreeTimeRules } from '../features/free-time/FreeTimeRules';
import { ensureFreeTimeStyles } from '../features/free-time/styles';
import { ensureConfigStyles } from '../lib/styles';

export function FreeTimeConfigPage() {
  ensureConfigStyles();
  ensureFreeTimeStyles();
  const { t } = useTranslation(NS);
  const user = useSession((s) => s.user);
  // The API's rule: a manager (or superuser) with write permission.
  const canEdit = canWrite(user) && (isManager(user) || isSuperuser(user));
  return (
    <section className="pui-page cfg-page" data-testid="page-free-time-config-page">
      <header>
        <h1>{t('freeTime.title')}</h1>
        <p className="cfg-muted">{t('freeTime.subtitle')}</p>
        <p className="cfg-muted">{t('freeTime.specificity')}</p>
        {!canEdit && (
          <p role="note" data-testid="ft-read-only">
            {t('freeTime.readOnly')}
          </p>
        )}
      </header>
      <FreeTimeRules canEdit={canEdit} />
    </section>
  );
}
