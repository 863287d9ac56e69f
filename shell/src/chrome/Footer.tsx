import { Link } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../testids';
import { APP_VERSION, COPYRIGHT_START_YEAR } from '../version';

/**
 * Copyright from 2017 to the current year with the application version, linking to the root (spec section 2), and
 * the integration guide for developers (public), so an integrator finds it from any page, signed in or not.
 */
export function Footer({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('shell');
  return (
    <footer className="shell-footer" data-testid={TEST_IDS.footer}>
      <Link to="/" className="shell-footer__link" title={t('footer.home')}>
        {t('footer.copyright', { start: COPYRIGHT_START_YEAR, year: now.getFullYear() })} · {APP_VERSION}
      </Link>
      <Link to="/developers" className="shell-footer__link" data-testid={TEST_IDS.footerGuide}>
        {t('footer.guide')}
      </Link>
    </footer>
  );
}
