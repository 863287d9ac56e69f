// The 'bi' i18n namespace, shipped and registered by this remote.
import i18next from 'i18next';
import { addResourceNamespace } from '@portal/shared-ui';

export const NS = 'bi';

export const resources = {
  en: {
    bi: {
      title: 'Business intelligence',
    },
  },
  es: {
    bi: {
      title: 'Inteligencia de negocio',
    },
  },
};

addResourceNamespace(i18next, NS, resources);
