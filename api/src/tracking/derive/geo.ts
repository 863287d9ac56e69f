// Geometry for the derivation: great-circle distances, sea routes between points (searoute-js,
// cached), and positions along a route (where a vessel is after sailing N miles, how far is left).
import searoute from 'searoute-js';

export type LngLat = [number, number];

const EARTH_RADIUS_NM = 3440.065;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in nautical miles. */
export function distanceNm(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const routeCache = new Map<string, LngLat[]>();
const keyOf = (p: LngLat) => `${p[0].toFixed(3)},${p[1].toFixed(3)}`;

/** The sea route between two points as [lng, lat] points (straight line if searoute finds none). */
export function seaRoute(from: LngLat, to: LngLat): LngLat[] {
  const key = `${keyOf(from)}>${keyOf(to)}`;
  let route = routeCache.get(key);
  if (!route) {
    const point = (p: LngLat) => ({
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: p },
    });
    // searoute-js prints debugging numbers with console.log.
    const log = console.log;
    console.log = () => undefined;
    try {
      const line = searoute(point(from), point(to), 'nm');
      route = line?.geometry.coordinates.length ? [from, ...line.geometry.coordinates, to] : [from, to];
    } catch {
      route = [from, to];
    } finally {
      console.log = log;
    }
    routeCache.set(key, route);
  }
  return route;
}

/** Length of a polyline in nautical miles. */
export function routeLengthNm(route: readonly LngLat[]): number {
  let total = 0;
  for (let i = 1; i < route.length; i++) total += distanceNm(route[i - 1], route[i]);
  return total;
}

/** The point `miles` along the route (clamped to its ends), and the route up to it. */
export function alongRoute(route: readonly LngLat[], miles: number): { point: LngLat; travelled: LngLat[] } {
  const travelled: LngLat[] = [route[0]];
  let left = Math.max(0, miles);
  for (let i = 1; i < route.length; i++) {
    const step = distanceNm(route[i - 1], route[i]);
    if (step >= left) {
      const f = step === 0 ? 0 : left / step;
      const point: LngLat = [
        route[i - 1][0] + (route[i][0] - route[i - 1][0]) * f,
        route[i - 1][1] + (route[i][1] - route[i - 1][1]) * f,
      ];
      travelled.push(point);
      return { point, travelled };
    }
    left -= step;
    travelled.push(route[i]);
  }
  return { point: route[route.length - 1], travelled };
}

/** Distance left along the route from the projection of `p` on it (nearest segment) to the end. */
export function remainingAlongRoute(route: readonly LngLat[], p: LngLat): number {
  if (route.length < 2) return route.length ? distanceNm(p, route[0]) : 0;
  let bestSegment = 0;
  let bestPoint: LngLat = route[0];
  let bestDistance = Infinity;
  for (let i = 1; i < route.length; i++) {
    const a = route[i - 1];
    const b = route[i];
    // Local flat projection (longitude scaled by cos(latitude)) is plenty for the nearest segment.
    const k = Math.cos(rad((a[1] + b[1]) / 2));
    const ax = a[0] * k;
    const bx = b[0] * k;
    const px = p[0] * k;
    const dx = bx - ax;
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (p[1] - a[1]) * dy) / len2));
    const q: LngLat = [a[0] + (b[0] - a[0]) * t, a[1] + dy * t];
    const d = distanceNm(p, q);
    if (d < bestDistance) {
      bestDistance = d;
      bestSegment = i;
      bestPoint = q;
    }
  }
  return bestDistance + distanceNm(bestPoint, route[bestSegment]) + routeLengthNm(route.slice(bestSegment));
}

/** Thin a polyline to at most `max` points (keeps both ends). */
export function thin(points: readonly LngLat[], max: number): LngLat[] {
  if (points.length <= max) return points.slice();
  const out: LngLat[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(points[Math.round(i * step)]);
  return out;
}

export const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;
