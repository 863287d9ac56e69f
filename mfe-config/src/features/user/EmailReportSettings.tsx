// The e-mail report's card of /user-config: its addresses, the language it is written in, 'same as the portal'
// and its own copy of every alert threshold.
import { useTranslation } from 'react-i18next';
import { EMAIL_LANGUAGES, type EmailLanguage } from '@portal/shared-api';
import { Button, Select } from '@portal/shared-ui';
import { TagInput } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import {
  channelErrors,
  copyForm,
  REPORT_EMAIL_SPLIT,
  sameSettings,
  type AlertForm,
} from '../../lib/profile-form';
import { AlertSettings } from './AlertSettings';
import type { ProfileForm } from './use-user-alerts';

export function EmailReportSettings({
  form,
  portal,
  email,
  codes,
  errors,
}: {
  form: ProfileForm;
  portal: AlertForm;
  email: AlertForm;
  codes: Parameters<typeof AlertSettings>[0]['codes'];
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation(NS);
  return (
    <section className="cfg-card" aria-labelledby="cfg-email-title">
      <h2 id="cfg-email-title">{t('userConfig.emailTitle')}</h2>
      <p className="cfg-muted">{t('userConfig.emailIntro')}</p>
      <TagInput
        label={t('userConfig.reportEmails')}
        value={form.reportEmails}
        onChange={form.setReportEmails}
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
        value={form.emailLanguage}
        options={EMAIL_LANGUAGES.map((lang) => ({
          value: lang,
          label: t(`userConfig.emailLanguages.${lang}`),
        }))}
        onChange={(value) => form.setEmailLanguage(value as EmailLanguage)}
        error={errors.email_language}
      />
      <div className="cfg-actions">
        <Button
          variant="secondary"
          onClick={() => form.setEmail({ ...copyForm(portal), etaChangeHours: email.etaChangeHours })}
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
        onChange={form.setEmail}
        codes={codes}
        errors={channelErrors(errors, 'email')}
        onValidityChange={form.setEmailValid}
      />
    </section>
  );
}
