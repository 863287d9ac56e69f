// The shipment status texts of spec section 4 (the API sends them in English) → their translation keys (the same
// list as mfe-shipments' lib/statusText.ts: it would belong in shared-ui).
import type { TFunction } from 'i18next';

const KNOWN = new Set([
  'waiting_for_pickup',
  'land_transport_to_pol',
  'in_pol_terminal',
  'waiting_for_departure_from_pol',
  'ocean_transport_from_pol',
  'in_transshipment',
  'ocean_transport_to_pod',
  'waiting_for_discharge_at_pod',
  'in_pod_terminal',
  'land_transport_to_place_of_delivery',
  'delivered',
  'delivered_returning_container',
  'returning_container',
  'completed',
  'initializing',
  'unknown',
]);

/** The status text in the current language; an unknown text is shown as sent. */
export function statusText(t: TFunction, text: string | null | undefined): string {
  if (!text) return '';
  const slug = text.toLowerCase().replace(/[;,]/g, '').trim().replace(/\s+/g, '_');
  return KNOWN.has(slug) ? t(`statusText.${slug}`) : text;
}
