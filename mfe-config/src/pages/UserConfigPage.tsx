// /user-config (write permission; the shell sends others to /dashboard): personal info, the portal's alert
// settings and the e-mail report's (addresses, the language it is written in and its own copy of every
// threshold).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canWrite,
  EMAIL_LANGUAGES,
  sessionStore,
  useSession,
  userProfilesApi,
  type EmailLanguage,
  type UserProfile,
} from '@portal/shared-api';
import { queryKeys, referenceQueries, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { Button, Select, Spinner } from '@portal/shared-ui';
import { TagInput } from '@portal/shared-ui/lists';
import { Navigate } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { CalendarFeedsCard } from '../features/calendar/CalendarFeedsCard';
import { AlertSettings } from '../features/user/AlertSettings';
import { FreeTimeWarningSetting } from '../features/user/FreeTimeWarningSetting';
import { PersonalInfo } from '../features/user/PersonalInfo';
import { useFailureNotice } from '../lib/notices';
import { useSave } from '../lib/use-save';
import {
  alertFormOf,
  channelErrors,
  copyForm,
  freeTimeWarningOf,
  freeTimeWarningPatch,
  patchOf,
  REPORT_EMAIL_SPLIT,
  sameSettings,
  type AlertForm,
} from '../lib/profile-form';
import { ensureConfigStyles } from '../lib/styles';

export function UserConfigPage() {
  ensureConfigStyles();
  const { t } = useTranslation(NS);
  const user = useSession((s) => s.user);
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [portal, setPortal] = useState<AlertForm | null>(null);
  const [email, setEmail] = useState<AlertForm | null>(null);
  const [reportEmails, setReportEmails] = useState<string[]>([]);
  const [emailLanguage, setEmailLanguage] = useState<EmailLanguage>('es');
  const [portalValid, setPortalValid] = useState(true);
  const [emailValid, setEmailValid] = useState(true);
  const [freeTimeDays, setFreeTimeDays] = useState('3');
  const [freeTimeValid, setFreeTimeValid] = useState(true);
  const { busy, errors, run } = useSave();
  const userId = user?.id;

  const show = useCallback((p: UserProfile) => {
    setProfile(p);
    setPortal(alertFormOf(p, 'portal'));
    setEmail(alertFormOf(p, 'email'));
    setReportEmails([...(p.report_emails ?? [])]);
    setEmailLanguage(p.email_language ?? 'es');
    setFreeTimeDays(freeTimeWarningOf(p));
  }, []);

  // the profile is asked for on every visit; the event codes come from the page's cache (once per session)
  const client = useQueryClient();
  const profileKey = [...queryKeys.config.profile, userId] as const;
  const profileQuery = useQuery({
    queryKey: profileKey,
    queryFn: () => userProfilesApi.get(userId as number),
    enabled: userId !== undefined,
  });
  const codesQuery = useQuery(referenceQueries.eventCodes());
  const loaded = profileQuery.data;
  const codes = codesQuery.data;
  // the form is filled once both have arrived (and again only if the stored profile itself changes)
  useEffect(() => {
    if (loaded && codes) show(loaded);
  }, [loaded, codes, show]);
  useFailureNotice(profileQuery.error ?? codesQuery.error);

  if (user && !canWrite(user)) return <Navigate to="/dashboard" replace />;

  const save = async () => {
    if (!profile || !portal || !email) return;
    await run(async () => {
      const updated = await userProfilesApi.update(profile.id, {
        ...patchOf(portal, 'portal'),
        ...patchOf(email, 'email'),
        report_emails: reportEmails,
        email_language: emailLanguage,
        ...freeTimeWarningPatch(freeTimeDays),
      });
      show(updated);
      client.setQueryData(profileKey, updated);
      const current = sessionStore.getState().user;
      if (current) sessionStore.getState().setUser({ ...current, userprofile: updated });
    });
  };

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
              onChange={setPortal}
              codes={codes ?? []}
              errors={channelErrors(errors, 'portal')}
              onValidityChange={setPortalValid}
            />
          </section>
          <FreeTimeWarningSetting
            value={freeTimeDays}
            onChange={setFreeTimeDays}
            onValidityChange={setFreeTimeValid}
            error={errors.free_time_warning_days}
          />
          <section className="cfg-card" aria-labelledby="cfg-email-title">
            <h2 id="cfg-email-title">{t('userConfig.emailTitle')}</h2>
            <p className="cfg-muted">{t('userConfig.emailIntro')}</p>
            <TagInput
              label={t('userConfig.reportEmails')}
              value={reportEmails}
              onChange={setReportEmails}
              validate={false}
              splitOn={REPORT_EMAIL_SPLIT}
              hint={t('userConfig.reportEmailsHint')}
              error={errors.report_emails}
              id="cfg-report-emails"
            />
            <Select
              id="cfg-email-language"
              className="cfg-email-language"
              label={t('userConfig.emailLanguage')}
              hint={t('userConfig.emailLanguageHint')}
              value={emailLanguage}
              options={EMAIL_LANGUAGES.map((lang) => ({
                value: lang,
                label: t(`userConfig.emailLanguages.${lang}`),
              }))}
              onChange={(value) => setEmailLanguage(value as EmailLanguage)}
              error={errors.email_language}
            />
            <div className="cfg-actions">
              <Button
                variant="secondary"
                onClick={() => setEmail({ ...copyForm(portal), etaChangeHours: email.etaChangeHours })}
                title={t('userConfig.sameAsPortalHint')}
                data-testid="cfg-same-as-portal"
              >
                {t('userConfig.sameAsPortal')}
              </Button>
              <span className="cfg-muted" data-testid="cfg-same-state">
                {sameSettings(portal, email) ? t('userConfig.sameNow') : t('userConfig.differsNow')}
              </span>
            </div>
            <AlertSettings
              channel="email"
              form={email}
              onChange={setEmail}
              codes={codes ?? []}
              errors={channelErrors(errors, 'email')}
              onValidityChange={setEmailValid}
            />
          </section>
          <div className="cfg-actions">
            <Button
              onClick={() => void save()}
              busy={busy}
              disabled={!portalValid || !emailValid || !freeTimeValid}
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
