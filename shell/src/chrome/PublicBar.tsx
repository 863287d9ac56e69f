// The slim bar of the login and public pages (no tabs there): the brand, the language toggle and a way in.
import { Link } from '@portal/shared-ui/router';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../testids';
import { LanguageToggle } from './LanguageToggle';

export function PublicBar({ authenticated, onLoginPage }: { authenticated: boolean; onLoginPage: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <header className="shell-public-bar" data-testid={TEST_IDS.publicBar}>
      <Link to="/" className="shell-brand">
        {t('appName')}
      </Link>
      <div className="shell-title-bar__spacer" />
      <LanguageToggle />
      {!onLoginPage && (
        <Link className="shell-public-bar__login" to={authenticated ? '/dashboard' : '/login'}>
          {authenticated ? t('publicBar.portal') : t('publicBar.login')}
        </Link>
      )}
    </header>
  );
}
