import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function LandingPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-landing-page">
      <h1>{t('landing.title')}</h1>
    </section>
  );
}
