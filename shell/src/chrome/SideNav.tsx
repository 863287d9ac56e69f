// The side navigation panel (spec section 2): collapsible on wide screens, a slide-in drawer at ≤ 620 px.
import { useEffect } from 'react';
import { NavLink } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { SIDE_NAV } from '../routes';
import { TEST_IDS } from '../testids';

export interface SideNavProps {
  /** Wide screens: expanded or collapsed. Mobile: drawer open or closed. */
  open: boolean;
  mobile: boolean;
  onClose: () => void;
  id?: string;
}

export function SideNav({ open, mobile, onClose, id }: SideNavProps) {
  const { t } = useTranslation('shell');

  useEffect(() => {
    if (!mobile || !open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobile, open, onClose]);

  const classes = [
    'shell-side-nav',
    mobile ? 'shell-side-nav--drawer' : 'shell-side-nav--panel',
    open ? 'is-open' : 'is-closed',
  ];
  return (
    <>
      {mobile && open && (
        <div className="shell-side-nav__backdrop" onClick={onClose} data-testid={TEST_IDS.sideNavBackdrop} />
      )}
      <nav
        id={id}
        className={classes.join(' ')}
        aria-label={t('sideNav.label')}
        hidden={!open}
        data-testid={TEST_IDS.sideNav}
      >
        <ul className="shell-side-nav__list">
          {SIDE_NAV.map((item) => (
            <li key={item.key}>
              <NavLink
                to={item.path}
                end={item.path === '/dashboard'}
                className={({ isActive }) =>
                  ['shell-side-nav__link', isActive ? 'is-active' : ''].join(' ').trim()
                }
                onClick={mobile ? onClose : undefined}
                data-testid={TEST_IDS.sideNavItem(item.key)}
              >
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
