// Where a carrier's DCSA endpoint is: its own base URL, or (NULL in carriers.dcsa_base_url) the
// carrier network simulator at `<simulatorBaseUrl>/<SCAC>`; and the connector that talks to it, of
// the version the carrier speaks (carriers.dcsa_api_version). Every HTTP call to a carrier (events,
// subscriptions) is made by that connector (dcsa/connector.ts), never by the engine.
import type { DcsaCredentials } from '../../db/types';
import { createDcsaConnector, type DcsaConnector, type DcsaVersion } from '../dcsa/connector';

export interface CarrierEndpoint {
  carrierId: number;
  baseUrl: string;
  credentials: DcsaCredentials | null;
  /** The DCSA version the carrier speaks (default 2.2). */
  version?: DcsaVersion;
}

export interface CarrierRow {
  id: number;
  scac: string;
  dcsa_base_url: string | null;
  dcsa_credentials: DcsaCredentials | null;
  /** carriers.dcsa_api_version (e.g. 2.2.0, 3.0.0); 2.2 when not given. */
  dcsa_api_version?: string | null;
}

/** The DCSA version a carrier speaks, from its configuration (carriers.dcsa_api_version). */
function dcsaVersionOf(configured: string | null | undefined): DcsaVersion {
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

/** The DCSA connector of a carrier endpoint (its version and credentials), with a timeout per request. */
export function connectorFor(endpoint: CarrierEndpoint, timeoutMs: number): DcsaConnector {
  return createDcsaConnector({
    baseUrl: endpoint.baseUrl,
    credentials: endpoint.credentials,
    timeoutMs,
    version: endpoint.version,
  });
}
