import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function ContactPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-contact-page">
      <h1>{t('contact.title')}</h1>
    </section>
  );
}
