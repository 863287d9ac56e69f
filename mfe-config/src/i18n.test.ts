// Counts agree with their nouns: "1 solicitud de seguimiento · 1 envío", never "1 envíos".
import { createTestI18n } from '@portal/shared-ui/testing';
import { NS, resources } from './i18n';

function t(lng: 'en' | 'es') {
  const i18n = createTestI18n(lng);
  for (const l of ['en', 'es'] as const) i18n.addResourceBundle(l, NS, resources[l]);
  return i18n.getFixedT(lng, NS);
}

it.each([
  ['es', 1, '1 solicitud de seguimiento', '1 envío'],
  ['es', 2, '2 solicitudes de seguimiento', '2 envíos'],
  ['es', 0, '0 solicitudes de seguimiento', '0 envíos'],
  ['en', 1, '1 tracking request', '1 shipment'],
  ['en', 3, '3 tracking requests', '3 shipments'],
] as const)('a project’s usage in %s with %d', (lng, count, requests, shipments) => {
  expect(t(lng)('projectsConfig.usageRequests', { count })).toBe(requests);
  expect(t(lng)('projectsConfig.usageShipments', { count })).toBe(shipments);
});
