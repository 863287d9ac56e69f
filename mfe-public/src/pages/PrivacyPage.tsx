import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function PrivacyPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-privacy-page">
      <h1>{t('privacy.title')}</h1>
    </section>
  );
}
