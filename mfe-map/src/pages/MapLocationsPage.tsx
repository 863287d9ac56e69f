import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function MapLocationsPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-map-locations-page">
      <h1>{t('mapLocations.title')}</h1>
    </section>
  );
}
