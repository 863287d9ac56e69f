import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../testids';

/** The vforwarding route: its content is not specified; the BI tab is hidden on it. */
export function VforwardingPage() {
  const { t } = useTranslation('shell');
  return (
    <section className="shell-page" data-testid={TEST_IDS.vforwarding}>
      <h1>{t('areas.vforwarding')}</h1>
    </section>
  );
}
