// The public site's top bar (spec section 2, landing page): the product, services and digitalization links
// (configurable), a contact link, the client-area button to /login, the language toggle and the hamburger.
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import { useSiteLinks } from './use-site-links';
import { LanguageButton } from './LanguageButton';
import { SideMenu } from './SideMenu';
import { SiteLink } from './SiteLink';
import { SITE_TEST_IDS } from './site-testids';
import { Logo } from './Logo';

export function TopBar() {
  const { t } = useTranslation(NS);
  const site = useSiteLinks();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);

  return (
    <header className="pub-top" data-testid={SITE_TEST_IDS.topBar}>
      <a className="pub-skip" href="#content">
        {t('site.skip')}
      </a>
      <Link to="/" className="pub-brand" aria-label={`${t('site.brand')} · ${t('site.home')}`}>
        <Logo />
        <span className="pub-brand__name">{t('site.brand')}</span>
      </Link>
      <nav className="pub-top__nav" aria-label={t('site.mainNav')}>
        <SiteLink href={site.product} className="pub-top__link">
          {t('site.product')}
        </SiteLink>
        <SiteLink href={site.services} className="pub-top__link">
          {t('site.services')}
        </SiteLink>
        <SiteLink href={site.digitalization} className="pub-top__link">
          {t('site.digitalization')}
        </SiteLink>
        <Link to="/contact" className="pub-top__link" data-testid={SITE_TEST_IDS.contactLink}>
          {t('site.contact')}
        </Link>
      </nav>
      <div className="pub-top__actions">
        <Link to="/login" className="pub-cta pub-cta--small" data-testid={SITE_TEST_IDS.clientArea}>
          {t('site.clientArea')}
        </Link>
        <LanguageButton />
        <button
          ref={trigger}
          type="button"
          className="pub-icon-button pub-top__burger"
          aria-label={open ? t('site.closeMenu') : t('site.openMenu')}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
          data-testid={SITE_TEST_IDS.menuButton}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <SideMenu id={menuId} open={open} onClose={close} trigger={trigger} />
    </header>
  );
}
