import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { PUBLISHER } from '../lib/config';
import { SiteLayout } from '../features/site/SiteLayout';
import { BackButton } from '../features/legal/BackButton';
import { LegalDocumentView } from '../features/legal/LegalDocumentView';
import { PrivacyTablesView } from '../features/legal/PrivacyTablesView';
import { privacyDocument, privacyTables } from '../features/legal/privacy-content';

/** Privacy policy (route `privacy-policy`), in the current language only, with its two tables. */
export function PrivacyPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'es';
  return (
    <SiteLayout testId="page-privacy-page">
      <div className="pub-page">
        <LegalDocumentView title={t('privacy.title')} doc={privacyDocument(lang, PUBLISHER)}>
          <PrivacyTablesView tables={privacyTables(lang, PUBLISHER)} />
        </LegalDocumentView>
        <BackButton />
      </div>
    </SiteLayout>
  );
}
