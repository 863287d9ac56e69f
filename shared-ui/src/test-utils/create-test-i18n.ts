import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COMMON_NS, commonResources } from '../i18n/common-resources';

/** A fresh, synchronously initialised i18next instance holding the `common` namespace (tests only). */
export function createTestI18n(lng: 'en' | 'es' = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: [COMMON_NS],
    defaultNS: COMMON_NS,
    resources: { en: { [COMMON_NS]: commonResources.en }, es: { [COMMON_NS]: commonResources.es } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
