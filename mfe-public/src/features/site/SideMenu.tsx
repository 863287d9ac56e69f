// The side menu the hamburger slides in (spec section 2): it closes on an outside click, on Escape and when a
// link is followed. While open, focus moves into it; on close it returns to the hamburger button.
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { useSiteLinks } from './use-site-links';
import { SiteLink } from './SiteLink';
import { SITE_TEST_IDS } from './site-testids';
import { useMenuDismiss } from './use-menu-dismiss';

export interface SideMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The hamburger button: a click on it is not an outside click, and it gets the focus back. */
  trigger: RefObject<HTMLButtonElement | null>;
}

export function SideMenu({ id, open, onClose, trigger }: SideMenuProps) {
  const { t } = useTranslation(NS);
  const site = useSiteLinks();
  const panel = useRef<HTMLElement>(null);
  useMenuDismiss(open, onClose, panel, trigger);

  const links = [
    { href: site.product, label: t('site.product') },
    { href: site.services, label: t('site.services') },
    { href: site.digitalization, label: t('site.digitalization') },
    { href: '/contact', label: t('site.contact') },
    { href: '/login', label: t('site.clientArea') },
    { href: '/developers', label: t('site.developers') },
    { href: '/privacy-policy', label: t('footer.privacy') },
    { href: '/terms-conditions', label: t('footer.terms') },
  ];

  return (
    <>
      <div className={['pub-menu-backdrop', open && 'pub-menu-backdrop--open'].filter(Boolean).join(' ')} />
      <nav
        id={id}
        ref={panel}
        className={['pub-menu', open && 'pub-menu--open'].filter(Boolean).join(' ')}
        aria-label={t('site.menu')}
        aria-hidden={!open}
        data-testid={SITE_TEST_IDS.sideMenu}
        data-open={open}
      >
        <div className="pub-menu__head">
          <span className="pub-menu__title">{t('site.menu')}</span>
          <button
            type="button"
            className="pub-icon-button"
            aria-label={t('site.closeMenu')}
            onClick={() => {
              onClose();
              trigger.current?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <ul className="pub-menu__list">
          {links.map((link) => (
            <li key={link.href + link.label}>
              <SiteLink href={link.href} className="pub-menu__link" onClick={onClose}>
                {link.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
