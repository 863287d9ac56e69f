// The en/es language switch (spec section 4, "Language"): changing it re-renders the shell and every remote
// (one shared i18next instance) and is remembered in local storage under `lang`.
import { useTranslation } from 'react-i18next';
import { setLanguage, SUPPORTED_LANGUAGES, type Language } from '@portal/shared-ui';
import { TEST_IDS } from '../testids';

export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('shell');
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div
      className={['shell-lang', className].filter(Boolean).join(' ')}
      role="group"
      aria-label={t('language.label')}
      data-testid={TEST_IDS.langToggle}
    >
      {SUPPORTED_LANGUAGES.map((lang: Language) => (
        <button
          key={lang}
          type="button"
          className="shell-lang__button"
          lang={lang}
          title={t(`language.${lang}Name`)}
          aria-pressed={current === lang}
          onClick={() => {
            if (current !== lang) void setLanguage(lang, i18n);
          }}
          data-testid={TEST_IDS.langOption(lang)}
        >
          {t(`language.${lang}`)}
        </button>
      ))}
    </div>
  );
}
