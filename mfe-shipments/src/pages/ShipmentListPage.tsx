import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function ShipmentListPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-shipment-list-page">
      <h1>{t('shipmentList.title')}</h1>
      <p className="pui-subtitle">{t('shipmentList.subtitle')}</p>
    </section>
  );
}
