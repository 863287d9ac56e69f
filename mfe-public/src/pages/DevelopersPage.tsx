import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { SiteLayout } from '../features/site/SiteLayout';
import { DeveloperGuide } from '../features/developers/DeveloperGuide';
import { developerCss } from '../features/developers/styles';

/** The integration guide for developers (route `developers`, public), in the current language. */
export function DevelopersPage() {
  const { i18n } = useTranslation(NS);
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'es';
  // the shell forwards /api/ to the API, so this page's own origin is the address integrators call
  const apiBase = `${typeof window === 'undefined' ? '' : window.location.origin}/api`;
  return (
    <SiteLayout testId="page-developers-page">
      <style>{developerCss}</style>
      <DeveloperGuide lang={lang} apiBase={apiBase} />
    </SiteLayout>
  );
}
