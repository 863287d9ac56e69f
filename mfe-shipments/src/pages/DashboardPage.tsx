import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function DashboardPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-dashboard-page">
      <h1>{t('dashboard.title')}</h1>
    </section>
  );
}
