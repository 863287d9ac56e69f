// Where a carrier's DCSA endpoint is: its own base URL, or (NULL in carriers.dcsa_base_url) the
// carrier network simulator at `<simulatorBaseUrl>/<SCAC>`.
import type { DcsaCredentials } from '../../db/types';
import type { DcsaVersion } from '../dcsa/connector';
import type { CarrierEndpoint } from './subscriptions';

export interface CarrierRow {
  id: number;
  scac: string;
  dcsa_base_url: string | null;
  dcsa_credentials: DcsaCredentials | null;
  /** carriers.dcsa_api_version (e.g. 2.2.0, 3.0.0); 2.2 when not given. */
  dcsa_api_version?: string | null;
}

/** The DCSA version a carrier speaks, from its configuration (carriers.dcsa_api_version). */
export function dcsaVersionOf(configured: string | null | undefined): DcsaVersion {
  return configured?.startsWith('3.') ? '3.0' : '2.2';
}

export function carrierEndpoint(
  carrier: CarrierRow,
  simulatorBaseUrl?: string | null,
): CarrierEndpoint | null {
  const base =
    carrier.dcsa_base_url ||
    (simulatorBaseUrl ? `${simulatorBaseUrl.replace(/\/+$/, '')}/${carrier.scac}` : null);
  return base
    ? {
        carrierId: carrier.id,
        baseUrl: base,
        credentials: carrier.dcsa_credentials,
        version: dcsaVersionOf(carrier.dcsa_api_version),
      }
    : null;
}
