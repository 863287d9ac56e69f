// The calls of the tracking pages that shared-api does not have: the carrier a typed number names (GET
// carriers/detect/). Typed by the API's OpenAPI document.
import { type ApiAnswer } from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

/** The answer of GET carriers/detect/: whether one carrier, several or none use the number's prefix. */
type CarrierDetection = ApiAnswer<'/api/carriers/detect/'>;

/** The number kinds the detection reads (a container's owner prefix, or a booking / B/L carrier prefix). */
type DetectionKind = 'container' | 'booking' | 'bl';

export const trackingApi = {
  detectCarrier: (number: string, kind: DetectionKind): Promise<CarrierDetection> =>
    client.get('/api/carriers/detect/', { query: { number, kind } }),
};
