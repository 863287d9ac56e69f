// Where a carrier's DCSA endpoint is: its own base URL, or (NULL in carriers.dcsa_base_url) the
// carrier network simulator at `<simulatorBaseUrl>/<SCAC>`.
import type { DcsaCredentials } from '../../db/types';
import type { CarrierEndpoint } from './subscriptions';

export interface CarrierRow {
  id: number;
  scac: string;
  dcsa_base_url: string | null;
  dcsa_credentials: DcsaCredentials | null;
}

export function carrierEndpoint(
  carrier: CarrierRow,
  simulatorBaseUrl?: string | null,
): CarrierEndpoint | null {
  const base =
    carrier.dcsa_base_url ||
    (simulatorBaseUrl ? `${simulatorBaseUrl.replace(/\/+$/, '')}/${carrier.scac}` : null);
  return base ? { carrierId: carrier.id, baseUrl: base, credentials: carrier.dcsa_credentials } : null;
}
