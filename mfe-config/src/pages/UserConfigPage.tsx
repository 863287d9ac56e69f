// /user-config (write permission; the shell sends others to /dashboard): personal info, the portal's alert
// settings and the e-mail report's (addresses, the language it is written in and its own copy of every
// threshold).
import { useTranslation } from 'react-i18next';
import { canWrite, useSession } from '@portal/shared-api';
import { Button, Spinner } from '@portal/shared-ui';
import { Navigate } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { CalendarFeedsCard } from '../features/calendar/CalendarFeedsCard';
import { AlertSettings } from '../features/user/AlertSettings';
import { EmailReportSettings } from '../features/user/EmailReportSettings';
import { FreeTimeWarningSetting } from '../features/user/FreeTimeWarningSetting';
import { PersonalInfo } from '../features/user/PersonalInfo';
import { useUserAlerts } from '../features/user/use-user-alerts';
import { channelErrors } from '../lib/profile-form';
import { ensureConfigStyles } from '../lib/styles';

export function UserConfigPage() {
  ensureConfigStyles();
  const { t } = useTranslation(NS);
  const user = useSession((s) => s.user);
  const { form, codes, busy, errors, save } = useUserAlerts();
  const { portal, email } = form;

  if (user && !canWrite(user)) return <Navigate to="/dashboard" replace />;

  return (
    <section className="pui-page cfg-page" data-testid="page-user-config-page">
      <header>
        <h1>{t('userConfig.title')}</h1>
        <p className="cfg-muted">{t('userConfig.subtitle')}</p>
      </header>
      {user && <PersonalInfo key={user.id} user={user} />}
      {!portal || !email ? (
        <Spinner />
      ) : (
        <>
          <section className="cfg-card" aria-labelledby="cfg-portal-title">
            <h2 id="cfg-portal-title">{t('userConfig.portalTitle')}</h2>
            <p className="cfg-muted">{t('userConfig.portalIntro')}</p>
            <AlertSettings
              channel="portal"
              form={portal}
              onChange={form.setPortal}
              codes={codes}
              errors={channelErrors(errors, 'portal')}
              onValidityChange={form.setPortalValid}
            />
          </section>
          <FreeTimeWarningSetting
            value={form.freeTimeDays}
            onChange={form.setFreeTimeDays}
            onValidityChange={form.setFreeTimeValid}
            error={errors.free_time_warning_days}
          />
          <EmailReportSettings form={form} portal={portal} email={email} codes={codes} errors={errors} />
          <div className="cfg-actions">
            <Button
              onClick={() => void save()}
              busy={busy}
              disabled={!form.valid}
              data-testid="cfg-save-alerts"
            >
              {t('userConfig.saveAlerts')}
            </Button>
          </div>
        </>
      )}
      <CalendarFeedsCard />
    </section>
  );
}
