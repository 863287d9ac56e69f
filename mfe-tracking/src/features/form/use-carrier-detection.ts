// The carrier named by the number typed in the request form (GET carriers/detect/): asked once typing pauses
// and the number starts with four letters, cached by prefix, and the hint the form shows under the carrier.
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Carrier } from '@portal/shared-api';
import { useQuery } from '@portal/shared-api/queries';
import { trackingApi } from '../../lib/api';
import type { RequestFormValues } from '../../lib/form-rules';

/** How long typing must pause before the number is looked up. */
const DETECT_DELAY_MS = 400;
const NUMBER_MAX = 35;
const KIND_OF_CODE_TYPE = { c_id: 'container', b_id: 'booking', m_bl: 'bl' } as const;

/** The number as the detection reads it. */
const detectionNumber = (value: string) => value.trim().toUpperCase().replace(/\s+/g, '');

/** `value`, once it has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The carrier detection of the typed number: asked once typing pauses and the number starts with four letters,
 * unless `off`. The kind is the code type's, or before one is chosen, a container when the number is shaped
 * like one (four letters, then digits), else a booking / B/L. Answers depend on the prefix only, so they are
 * cached by prefix.
 */
export function useCarrierDetection(value: string, codeType: RequestFormValues['code_type'], off: boolean) {
  const typed = useDebounced(detectionNumber(value), DETECT_DELAY_MS);
  const prefix = /^[A-Z]{4}/.test(typed) && typed.length <= NUMBER_MAX ? typed.slice(0, 4) : null;
  const kind = codeType ? KIND_OF_CODE_TYPE[codeType] : /^[A-Z]{4}\d/.test(typed) ? 'container' : 'bl';
  const enabled = !off && prefix !== null;
  const query = useQuery({
    queryKey: ['tracking', 'carrier-detection', kind === 'container' ? 'container' : 'reference', prefix],
    queryFn: () => trackingApi.detectCarrier(typed, kind),
    enabled,
    staleTime: 5 * 60_000,
  });
  return { prefix, detection: enabled ? query.data : undefined };
}

type Detection = ReturnType<typeof useCarrierDetection>['detection'];

/**
 * What the form says under the carrier about the detection (none while the user picked by hand or nothing was
 * asked): the carrier filled in, several carriers, or none.
 */
export function detectionHintOf(
  t: TFunction,
  {
    pickedByHand,
    detection,
    prefix,
    detected,
  }: {
    pickedByHand: boolean;
    detection: Detection;
    prefix: string | null;
    detected: Carrier | undefined;
  },
): string | undefined {
  if (pickedByHand || !detection || prefix === null) return undefined;
  if (detected) return t('form.carrierDetected', { name: detected.official_name });
  return detection.match === 'ambiguous' ? t('form.carrierAmbiguous') : t('form.carrierUnknown');
}
