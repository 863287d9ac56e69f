import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function TrackingRequestFormPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-tracking-request-form-page">
      <h1>{t('trackingRequestAdd.title')}</h1>
    </section>
  );
}
