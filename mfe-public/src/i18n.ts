// The 'public' i18n namespace, shipped and registered by this remote.
import i18next from 'i18next';
import { addResourceNamespace } from '@portal/shared-ui';

export const NS = 'public';

export const resources = {
  en: {
    landing: {
      title: 'Container tracking',
    },
    contact: {
      title: 'Contact',
    },
    terms: {
      title: 'Terms and conditions',
    },
    privacy: {
      title: 'Privacy policy',
    },
  },
  es: {
    landing: {
      title: 'Seguimiento de contenedores',
    },
    contact: {
      title: 'Contacto',
    },
    terms: {
      title: 'Términos y condiciones',
    },
    privacy: {
      title: 'Política de privacidad',
    },
  },
};

addResourceNamespace(i18next, NS, resources);
