// The one i18next instance of the portal: the shell initialises it at boot (a remote running alone does the same
// in its own bootstrap). Default language es, supported en and es, the choice kept in local storage under `lang`.
import { configureApi } from '@portal/shared-api';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonResources } from '../i18n/common-resources';

export type Language = 'en' | 'es';
export const LANG_KEY = 'lang';
export const DEFAULT_LANGUAGE: Language = 'es';
export const SUPPORTED_LANGUAGES: readonly Language[] = ['es', 'en'];

export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANG_KEY);
    return value === 'en' || value === 'es' ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function remember(lang: string): void {
  try {
    globalThis.localStorage?.setItem(LANG_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export async function initI18n(instance: i18n = i18next): Promise<i18n> {
  if (instance.isInitialized) return instance;
  const lng = storedLanguage();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: commonResources.en }, es: { common: commonResources.es } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  remember(lng);
  instance.on('languageChanged', remember);
  // The API's calls carry the user's language (Accept-Language) and word failed connections in it.
  configureApi({ language: () => instance.resolvedLanguage ?? instance.language ?? DEFAULT_LANGUAGE });
  return instance;
}

export function setLanguage(lang: Language, instance: i18n = i18next): Promise<unknown> {
  return instance.changeLanguage(lang);
}
