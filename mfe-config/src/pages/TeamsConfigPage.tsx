import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** Route page; its screens are built under their own issue. */
export function TeamsConfigPage() {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page" data-testid="page-teams-config-page">
      <h1>{t('teamsConfig.title')}</h1>
    </section>
  );
}
