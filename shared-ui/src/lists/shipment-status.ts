// The shipment status text ('status_verbose', spec section 4) comes from the API in English, e.g. 'delivered;
// returning container'. Every screen that shows it (shipment list and detail, the tracking request's shipments)
// translates it here, from the 'lists' namespace; a text the portal does not know is shown as sent.
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTS_NS, listsResources } from './i18n';

const KNOWN = new Set(Object.keys(listsResources.en.shipmentStatus));

/** 'delivered; returning container' → 'shipmentStatus.delivered_returning_container'; unknown → null. */
export function shipmentStatusKey(text: string | null | undefined): string | null {
  if (!text) return null;
  const slug = text.toLowerCase().replace(/[;,]/g, '').trim().replace(/\s+/g, '_');
  return KNOWN.has(slug) ? `shipmentStatus.${slug}` : null;
}

/** The status text in the language of `t` (any namespace: the key is looked up in 'lists'). */
export function shipmentStatusText(t: TFunction, text: string | null | undefined): string {
  const key = shipmentStatusKey(text);
  return key ? t(key, { ns: LISTS_NS }) : (text ?? '');
}

/** A function that turns the API's status text into the current language (re-rendered on a language change). */
export function useShipmentStatusText(): (text: string | null | undefined) => string {
  const { t } = useTranslation(LISTS_NS);
  return useCallback((text: string | null | undefined) => shipmentStatusText(t, text), [t]);
}
