// The 'tracking' i18n namespace, shipped and registered by this remote.
import i18next from 'i18next';
import { addResourceNamespace } from '@portal/shared-ui';

export const NS = 'tracking';

export const resources = {
  en: {
    trackingRequestList: {
      title: 'Tracking requests',
    },
    trackingRequestAdd: {
      title: 'New tracking request',
    },
    trackingRequestDetail: {
      title: 'Tracking request {{id}}',
    },
  },
  es: {
    trackingRequestList: {
      title: 'Solicitudes de seguimiento',
    },
    trackingRequestAdd: {
      title: 'Nueva solicitud de seguimiento',
    },
    trackingRequestDetail: {
      title: 'Solicitud de seguimiento {{id}}',
    },
  },
};

addResourceNamespace(i18next, NS, resources);
