// The title bar with the top tabs, the side-nav toggle, the language toggle and the user menu.
import { Link, useNavigate } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import type { User } from '@portal/shared-api';
import { Tabs } from '@portal/shared-ui';
import { activeTabKey, TABS } from '../routes';
import { TEST_IDS } from '../testids';
import { LanguageToggle } from './LanguageToggle';
import { UserMenu } from './UserMenu';

export interface TitleBarProps {
  pathname: string;
  hideBiTab: boolean;
  user: User | null;
  navOpen: boolean;
  navId: string;
  mobile: boolean;
  onToggleNav: () => void;
}

export function TitleBar({ pathname, hideBiTab, user, navOpen, navId, mobile, onToggleNav }: TitleBarProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const tabs = TABS.map((tab) => ({
    key: tab.key,
    label: t(tab.labelKey),
    hidden: tab.key === 'bi' && hideBiTab,
  }));
  const toggleLabel = mobile
    ? t(navOpen ? 'sideNav.close' : 'sideNav.open')
    : t(navOpen ? 'sideNav.collapse' : 'sideNav.expand');

  return (
    <header className="shell-title-bar" data-testid={TEST_IDS.titleBar}>
      <div className="shell-title-bar__row">
        <button
          type="button"
          className="shell-title-bar__nav-toggle"
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={onToggleNav}
          data-testid={TEST_IDS.sideNavToggle}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <Link to="/dashboard" className="shell-brand">
          {t('appName')}
        </Link>
        <div className="shell-title-bar__spacer" />
        <LanguageToggle />
        <UserMenu user={user} />
      </div>
      <nav className="shell-title-bar__tabs" data-testid={TEST_IDS.tabs}>
        <Tabs
          label={t('tabs.label')}
          tabs={tabs}
          activeKey={activeTabKey(pathname)}
          onChange={(key) => {
            const tab = TABS.find((x) => x.key === key);
            if (tab) void navigate(tab.path);
          }}
          renderTab={(tab, { onClick: _onClick, children, ...props }) => (
            <Link
              {...props}
              to={TABS.find((x) => x.key === tab.key)?.path ?? '/'}
              aria-current={props['aria-selected'] ? 'page' : undefined}
              data-testid={TEST_IDS.tab(tab.key)}
            >
              {children}
            </Link>
          )}
        />
      </nav>
    </header>
  );
}
