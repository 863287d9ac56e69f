// The 'map' i18n namespace, shipped and registered by this remote.
import i18next from 'i18next';
import { addResourceNamespace } from '@portal/shared-ui';

export const NS = 'map';

export const resources = {
  en: {
    mapLocations: {
      title: 'Where Are They?',
    },
  },
  es: {
    mapLocations: {
      title: '¿Dónde están?',
    },
  },
};

addResourceNamespace(i18next, NS, resources);
