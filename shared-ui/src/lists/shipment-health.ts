// A shipment's health ('ontrack', 'delayed', 'alerted': spec section 3) in the current language. Every screen that
// shows or filters by it (shipment list and detail, map, BI tables) takes its texts from here, from the 'common'
// namespace; a value the portal does not know is shown as sent.
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { HEALTH_VALUES, type ShipmentHealth } from '@portal/shared-api/domain';
import { COMMON_NS } from '@portal/shared-ui';

function isShipmentHealth(value: string): value is ShipmentHealth {
  return (HEALTH_VALUES as readonly string[]).includes(value);
}

/** The health text in the language of `t` (any namespace: the key is looked up in 'common'). */
export function shipmentHealthText(t: TFunction, health: string | null | undefined): string {
  if (!health) return '';
  return isShipmentHealth(health) ? t(`health.${health}`, { ns: COMMON_NS }) : health;
}

/** A function that turns a health value into the current language (re-rendered on a language change). */
export function useShipmentHealthText(): (health: string | null | undefined) => string {
  const { t } = useTranslation(COMMON_NS);
  return useCallback((health: string | null | undefined) => shipmentHealthText(t, health), [t]);
}
