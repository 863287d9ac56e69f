import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function BiPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-bi-page">
      <h1>{t('bi.title')}</h1>
    </section>
  );
}
