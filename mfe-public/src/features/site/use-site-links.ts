// The product, services and digitalization links in the visitor's language (lib/config.ts).
import { useTranslation } from 'react-i18next';
import { siteLinks } from '../../lib/config';
import { NS } from '../../i18n';

export function useSiteLinks() {
  const { i18n } = useTranslation(NS);
  return siteLinks(i18n.resolvedLanguage ?? i18n.language);
}
