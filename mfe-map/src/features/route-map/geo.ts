// Geometry helpers of the offline maps: the world-atlas countries as GeoJSON with the rings that cross the 180°
// meridian mended, and routes unwrapped so a line across the Pacific does not run the wrong way round the world.
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, Geometry, Position } from 'geojson';

/** Shifts the negative longitudes of a ring by 360 when the ring jumps by more than 180° somewhere. */
export function mendRing(ring: Position[]): Position[] {
  const jumps = ring.some((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1][0]) > 180);
  return jumps ? ring.map(([lng, lat]) => [lng < 0 ? lng + 360 : lng, lat]) : ring;
}

function mendGeometry(g: Geometry): Geometry {
  if (g.type === 'Polygon') return { ...g, coordinates: g.coordinates.map(mendRing) };
  if (g.type === 'MultiPolygon')
    return { ...g, coordinates: g.coordinates.map((poly) => poly.map(mendRing)) };
  return g;
}

/** Countries of a world-atlas topology as GeoJSON, antimeridian rings mended. */
export function countriesGeoJson(topology: Topology): FeatureCollection {
  const collection = feature(topology, topology.objects.countries as GeometryCollection) as FeatureCollection;
  return {
    ...collection,
    features: collection.features.map((f) => ({ ...f, geometry: f.geometry && mendGeometry(f.geometry) })),
  };
}

/** Makes consecutive longitudes differ by at most 180° (adding or taking 360), so lines take the short way. */
export function unwrapLongitudes(points: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [lng, lat] of points) {
    if (out.length === 0) {
      out.push([lng, lat]);
      continue;
    }
    const previous = out[out.length - 1][0];
    let next = lng;
    while (next - previous > 180) next -= 360;
    while (previous - next > 180) next += 360;
    out.push([next, lat]);
  }
  return out;
}

/** Valid [lng, lat] pairs only. */
export function cleanPositions(points: unknown): [number, number][] {
  if (!Array.isArray(points)) return [];
  return points.filter(
    (p): p is [number, number] =>
      Array.isArray(p) &&
      p.length >= 2 &&
      Number.isFinite(p[0]) &&
      Number.isFinite(p[1]) &&
      Math.abs(p[1] as number) <= 90 &&
      Math.abs(p[0] as number) <= 540,
  );
}
