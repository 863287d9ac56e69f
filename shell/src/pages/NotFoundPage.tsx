import { Link } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../testids';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="shell-message" data-testid={TEST_IDS.notFound}>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </section>
  );
}
