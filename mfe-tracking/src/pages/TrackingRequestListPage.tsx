import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function TrackingRequestListPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-tracking-request-list-page">
      <h1>{t('trackingRequestList.title')}</h1>
    </section>
  );
}
