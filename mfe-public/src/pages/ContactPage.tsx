import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { SiteLayout } from '../features/site/SiteLayout';
import { ContactForm } from '../features/contact/ContactForm';

/** The contact / request-information page (route `contact`). */
export function ContactPage() {
  const { t } = useTranslation(NS);
  return (
    <SiteLayout testId="page-contact-page">
      <div className="pub-page">
        <h1>{t('contact.title')}</h1>
        <p className="pub-page__lead">{t('contact.lead')}</p>
        <ContactForm />
      </div>
    </SiteLayout>
  );
}
