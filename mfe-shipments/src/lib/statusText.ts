// The shipment status texts of spec section 4 (as the API sends them, in English) → their translation keys.

/** 'in transshipment' → 'statusText.in_transshipment'; unknown texts → null (shown as sent). */
export function statusTextKey(text: string | null | undefined): string | null {
  if (!text) return null;
  const slug = text.toLowerCase().replace(/[;,]/g, '').trim().replace(/\s+/g, '_');
  return KNOWN.has(slug) ? `statusText.${slug}` : null;
}

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
