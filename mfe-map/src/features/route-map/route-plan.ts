// What the route map draws, in longitude/latitude on one copy of the world: the planned line (along the sea when
// the API gave it, else the ports joined), the travelled line, the start / stop / end markers and the vessel.
// Both lines are unwrapped and put on the copy of the world of the first point, so lines across the Pacific take
// the short way.
import type { RouteMapProps } from '@portal/shared-ui';
import { cleanPositions, unwrapLongitudes } from './geo';

type LngLat = [number, number];
export type MarkerKind = 'start' | 'end' | 'stop' | 'vessel';

export interface RoutePlan {
  /** The planned line (fewer than 2 points: none). */
  planned: LngLat[];
  /** The travelled line (fewer than 2 points: none). */
  travelled: LngLat[];
  markers: { kind: MarkerKind; at: LngLat; label?: string }[];
}

/** The longitude nearest `to` of `lng`'s copies (360° apart); `lng` itself without `to`. */
export function nearLongitude(lng: number, to: number | undefined): number {
  if (to === undefined) return lng;
  let out = lng;
  while (out - to > 180) out -= 360;
  while (to - out > 180) out += 360;
  return out;
}

/** A line moved as a whole (all its longitudes by the same 360° steps) to start near `anchor`. */
function shiftedNear(line: LngLat[], anchor: number | undefined): LngLat[] {
  const shift = line.length > 0 ? nearLongitude(line[0][0], anchor) - line[0][0] : 0;
  return line.map(([lng, lat]) => [lng + shift, lat]);
}

/** Start and end markers: the first and last port (the others stops), else the first and last position. */
function endMarkers(
  ports: { label: string }[],
  portChain: LngLat[],
  travelled: LngLat[],
): RoutePlan['markers'] {
  const ends: { at: LngLat; label: string }[] =
    ports.length > 0
      ? ports.map((x, i) => ({ at: portChain[i], label: x.label }))
      : [travelled[0], travelled[travelled.length - 1]]
          .slice(0, Math.min(travelled.length, 2))
          .map((at) => ({ at, label: '' }));
  return ends.map(({ at, label }, i) => ({
    kind: i === 0 ? 'start' : i === ends.length - 1 ? 'end' : 'stop',
    at,
    label: label || undefined,
  }));
}

export function planRoute(p: RouteMapProps): RoutePlan {
  const ports = (p.ports ?? []).filter((x) => Number.isFinite(x.lng) && Number.isFinite(x.lat));
  const portChain = unwrapLongitudes(ports.map((x) => [x.lng, x.lat] as LngLat));
  const unwrapped = unwrapLongitudes(cleanPositions(p.positions));
  const anchor = portChain[0]?.[0] ?? unwrapped[0]?.[0];
  const travelled = shiftedNear(unwrapped, anchor);
  const seaPlanned = shiftedNear(unwrapLongitudes(cleanPositions(p.planned)), anchor);
  const markers = endMarkers(ports, portChain, travelled);
  if (p.vessel && Number.isFinite(p.vessel.lng) && Number.isFinite(p.vessel.lat)) {
    const lastLng = travelled.length > 0 ? travelled[travelled.length - 1][0] : anchor;
    markers.push({
      kind: 'vessel',
      at: [nearLongitude(p.vessel.lng, lastLng), p.vessel.lat],
      label: p.vessel.label,
    });
  }
  return { planned: seaPlanned.length >= 2 ? seaPlanned : portChain, travelled, markers };
}
