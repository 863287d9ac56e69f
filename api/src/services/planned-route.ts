// The planned route of a shipment for the route map: the sea route between consecutive ports (POL, the
// transshipments, POD), as the derivation routes the sailed part, so the map does not draw straight lines across
// continents. searoute-js answers are cached by seaRoute; each leg is thinned to keep the answer small.
import { seaRoute, thin, type LngLat } from '../tracking/derive/geo';

const MAX_POINTS_PER_LEG = 120;

export interface PortPoint {
  longitude: number | string | null;
  latitude: number | string | null;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

function pointOf(port: PortPoint | null | undefined): LngLat | null {
  if (!port || port.longitude === null || port.latitude === null) return null;
  const lng = Number(port.longitude);
  const lat = Number(port.latitude);
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  return [lng, lat];
}

/** [lng, lat] points along the sea from the first port to the last (empty with fewer than two located ports). */
export function plannedRoute(ports: readonly (PortPoint | null | undefined)[]): LngLat[] {
  const points = ports.map(pointOf).filter((p): p is LngLat => p !== null);
  const stops = points.filter((p, i) => i === 0 || p[0] !== points[i - 1][0] || p[1] !== points[i - 1][1]);
  if (stops.length < 2) return [];
  const out: LngLat[] = [];
  for (let i = 1; i < stops.length; i++) {
    const leg = thin(seaRoute(stops[i - 1], stops[i]), MAX_POINTS_PER_LEG);
    out.push(...(out.length > 0 ? leg.slice(1) : leg));
  }
  return out.map(([lng, lat]) => [round5(lng), round5(lat)] as LngLat);
}

/** The ports of a serialized shipment in sailing order. */
export function shipmentPorts(s: {
  pol_loc?: PortPoint | null;
  tsp1_loc?: PortPoint | null;
  tsp2_loc?: PortPoint | null;
  tsp3_loc?: PortPoint | null;
  tsp4_loc?: PortPoint | null;
  pod_loc?: PortPoint | null;
}): (PortPoint | null | undefined)[] {
  return [s.pol_loc, s.tsp1_loc, s.tsp2_loc, s.tsp3_loc, s.tsp4_loc, s.pod_loc];
}
