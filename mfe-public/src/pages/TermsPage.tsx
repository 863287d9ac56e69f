import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { PUBLISHER } from '../lib/config';
import { SiteLayout } from '../features/site/SiteLayout';
import { BackButton } from '../features/legal/BackButton';
import { LegalDocumentView } from '../features/legal/LegalDocumentView';
import { termsDocument } from '../features/legal/terms-content';

/** Terms and conditions (route `terms-conditions`), in the current language only. */
export function TermsPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'es';
  return (
    <SiteLayout testId="page-terms-page">
      <div className="pub-page">
        <LegalDocumentView title={t('terms.title')} doc={termsDocument(lang, PUBLISHER)} />
        <BackButton />
      </div>
    </SiteLayout>
  );
}
