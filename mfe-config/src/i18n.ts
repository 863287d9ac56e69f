// The 'config' i18n namespace, shipped and registered by this remote.
import i18next from 'i18next';
import { addResourceNamespace } from '@portal/shared-ui';

export const NS = 'config';

export const resources = {
  en: {
    userConfig: {
      title: 'Personal settings',
    },
    teamsConfig: {
      title: 'Teams',
    },
    projectsConfig: {
      title: 'Projects',
    },
  },
  es: {
    userConfig: {
      title: 'Configuración personal',
    },
    teamsConfig: {
      title: 'Equipos',
    },
    projectsConfig: {
      title: 'Proyectos',
    },
  },
};

addResourceNamespace(i18next, NS, resources);
