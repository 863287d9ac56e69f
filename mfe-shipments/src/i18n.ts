// The 'shipments' i18n namespace, shipped and registered by this remote.
import i18next from 'i18next';
import { addResourceNamespace } from '@portal/shared-ui';

export const NS = 'shipments';

export const resources = {
  en: {
    dashboard: {
      title: 'Dashboard',
    },
    shipmentList: {
      title: 'Shipments',
      subtitle: 'Search shipments',
    },
    shipmentDetail: {
      title: 'Shipment {{id}}',
    },
  },
  es: {
    dashboard: {
      title: 'Panel de control',
    },
    shipmentList: {
      title: 'Envíos',
      subtitle: 'Buscar envíos',
    },
    shipmentDetail: {
      title: 'Envío {{id}}',
    },
  },
};

addResourceNamespace(i18next, NS, resources);
