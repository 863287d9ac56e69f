// The map page's calls (not in @portal/shared-api yet): the compact form of GET shipments/coordinates/ and the
// info window's GET shipments/coordinates/details/. See api/src/services/map-points.ts for the shapes.
import { api, type Query } from '@portal/shared-api';

export type HealthValue = 'ontrack' | 'delayed' | 'alerted';
/** The compact answer codes health as an index into this list. */
export const HEALTH_CODES: readonly HealthValue[] = ['ontrack', 'delayed', 'alerted'];

export interface PortRef {
  name: string;
  locode: string | null;
}

export interface CompactVessel {
  id: number;
  name: string;
  lng: number | null;
  lat: number | null;
  next_port: PortRef | null;
}

/** `GET shipments/coordinates/?format=compact`: one array per column, `count` entries each. */
export interface CompactMapPoints {
  count: number;
  id: number[];
  lng: number[];
  lat: number[];
  health: number[];
  /** Index into `vessels`, -1 when the container is not on a vessel. */
  vessel: number[];
  vessels: CompactVessel[];
}

export interface PointDetail {
  id: number;
  container_number: string;
  carrier: string | null;
  status_text: string;
  pol: PortRef | null;
  pod: PortRef | null;
  eta: string | null;
  ata: string | null;
  health: HealthValue;
  vessel: string | null;
  next_port: string | null;
}

/** Most ids one details call takes (the API's limit). */
export const MAX_DETAIL_IDS = 200;

export const mapApi = {
  points: (query: Query, signal?: AbortSignal) =>
    api.get<CompactMapPoints>('shipments/coordinates', { query: { ...query, format: 'compact' }, signal }),
  details: (ids: number[], signal?: AbortSignal) =>
    api.get<PointDetail[]>('shipments/coordinates/details', {
      query: { id: ids.slice(0, MAX_DETAIL_IDS).join(',') },
      signal,
    }),
};
