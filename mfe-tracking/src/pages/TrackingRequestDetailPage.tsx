import { useTranslation } from 'react-i18next';
import { useParams } from '@portal/shared-ui/router';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function TrackingRequestDetailPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  return (
    <section className="pui-page" data-testid="page-tracking-request-detail-page">
      <h1>{t('trackingRequestDetail.title', { id })}</h1>
    </section>
  );
}
