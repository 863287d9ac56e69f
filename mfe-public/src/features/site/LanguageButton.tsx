// The language toggle of the public site (spec section 4: toggles between en and es, remembered under `lang`).
import { useTranslation } from 'react-i18next';
import { setLanguage } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { SITE_TEST_IDS } from './site-testids';

export function LanguageButton({ className }: { className?: string }) {
  const { t, i18n } = useTranslation(NS);
  const current = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'es';
  const next = current === 'en' ? 'es' : 'en';
  // The name starts with what the button shows ("EN"), so a person who says or hears "EN" finds it (WCAG 2.5.3).
  const name = `${t('site.languageShort')}, ${t('site.language')}`;
  return (
    <button
      type="button"
      className={['pub-lang', className].filter(Boolean).join(' ')}
      lang={next}
      aria-label={name}
      title={t('site.language')}
      onClick={() => void setLanguage(next, i18n)}
      data-testid={SITE_TEST_IDS.langToggle}
    >
      {t('site.languageShort')}
    </button>
  );
}
