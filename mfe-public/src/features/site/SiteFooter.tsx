// The public site's footer (spec section 2): links, the privacy and terms links, and a request-information link.
import { useTranslation } from 'react-i18next';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import { useSiteLinks } from './use-site-links';
import { Logo } from './Logo';
import { SiteLink } from './SiteLink';
import { SITE_TEST_IDS } from './site-testids';

export function SiteFooter() {
  const { t } = useTranslation(NS);
  const site = useSiteLinks();
  return (
    <footer className="pub-footer" data-testid={SITE_TEST_IDS.footer}>
      <div className="pub-footer__inner">
        <div className="pub-footer__about">
          <div className="pub-footer__brand">
            <Logo size={28} />
            <span>{t('site.brand')}</span>
          </div>
          <p>{t('footer.about')}</p>
          <Link to="/contact" className="pub-cta" data-testid={SITE_TEST_IDS.requestInfo}>
            {t('footer.requestInfo')}
          </Link>
        </div>
        <nav className="pub-footer__col" aria-labelledby="pub-footer-links">
          <h2 id="pub-footer-links" className="pub-footer__heading">
            {t('footer.links')}
          </h2>
          <ul>
            <li>
              <SiteLink href={site.product}>{t('site.product')}</SiteLink>
            </li>
            <li>
              <SiteLink href={site.services}>{t('site.services')}</SiteLink>
            </li>
            <li>
              <SiteLink href={site.digitalization}>{t('site.digitalization')}</SiteLink>
            </li>
            <li>
              <Link to="/contact">{t('site.contact')}</Link>
            </li>
            <li>
              <Link to="/login">{t('site.clientArea')}</Link>
            </li>
            <li>
              <Link to="/developers" data-testid={SITE_TEST_IDS.developers}>
                {t('site.developers')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav className="pub-footer__col" aria-labelledby="pub-footer-legal">
          <h2 id="pub-footer-legal" className="pub-footer__heading">
            {t('footer.legal')}
          </h2>
          <ul>
            <li>
              <Link to="/privacy-policy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/terms-conditions">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('footer.requestInfo')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
