// How the where map draws its features: the cluster icons (12 circles, made once, with a short count), the vessels
// (a triangle, with their name beyond the cluster levels) and the WebGL single markers (coloured by health).
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { FlatStyle } from 'ol/style/flat';
import type { FeatureLike } from 'ol/Feature';
import { CLUSTER_MAX_ZOOM, familyOf, resolutionOf } from './cluster';
import { FAMILY_COLORS, VESSEL_COLOR } from './palette';

/** The single markers' fill per health code (0 on track, 1 late, 2 attention). */
export const HEALTH_COLORS = [FAMILY_COLORS.ontrack, FAMILY_COLORS.late, FAMILY_COLORS.attention];
const SIZE_RADII = [13, 17, 22, 28];

/** The vessel layer's place: under the clusters (zIndex 2) up to zoom 4, over the single markers beyond. */
export const VESSEL_Z_CLUSTERED = 1;
export const VESSEL_Z_SINGLE = 3;

/** "1,234" stays short on the icon: 1.2k, 12k, 120k. */
export function shortCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toString()}k`;
  return `${Math.floor(n / 1000)}k`;
}

/** The circles of the cluster icons, one per icon index (and one for a single point): their images are drawn once. */
const circleCache = new Map<string, Circle>();
function clusterCircle(index: number, single: boolean): Circle {
  const key = `${index}:${single ? 1 : 0}`;
  let circle = circleCache.get(key);
  if (!circle) {
    circle = new Circle({
      radius: single ? 7 : SIZE_RADII[index % 4],
      fill: new Fill({ color: FAMILY_COLORS[familyOf(index)] }),
      stroke: new Stroke({
        color: single ? '#ffffff' : 'rgba(255,255,255,0.75)',
        width: single ? 2 : 4,
      }),
    });
    circleCache.set(key, circle);
  }
  return circle;
}

const countFill = new Fill({ color: '#ffffff' });
const styleCache = new Map<string, Style>();
/** A cluster's icon: its family's circle of its size step, with its count unless it holds one point. */
export function clusterStyle(index: number, count: number): Style {
  const label = count === 1 ? '' : shortCount(count);
  const key = `${index}:${label}`;
  let style = styleCache.get(key);
  if (!style) {
    style = new Style({
      image: clusterCircle(index, count === 1),
      text: label ? new Text({ text: label, font: '700 12px sans-serif', fill: countFill }) : undefined,
    });
    styleCache.set(key, style);
  }
  return style;
}

const vesselIcon = new RegularShape({
  points: 3,
  radius: 9,
  rotation: Math.PI / 2,
  fill: new Fill({ color: VESSEL_COLOR }),
  stroke: new Stroke({ color: '#ffffff', width: 2 }),
  // every vessel keeps its icon; only the names give way to each other (the layer declutters)
  declutterMode: 'none',
});
const vesselPlain = new Style({ image: vesselIcon });
const vesselNameFill = new Fill({ color: '#1b2633' });
const vesselNameStroke = new Stroke({ color: '#ffffff', width: 3 });
const vesselStyles = new Map<string, Style>();
/** Resolutions above this (less than half a level past the cluster levels) show the vessels without names. */
const NAMES_FROM_RESOLUTION = resolutionOf(CLUSTER_MAX_ZOOM + 0.5);

export function vesselStyle(feature: FeatureLike, resolution: number): Style {
  // names only where they fit (beyond the cluster levels)
  if (resolution > NAMES_FROM_RESOLUTION) return vesselPlain;
  const name = String(feature.get('name') ?? '');
  let style = vesselStyles.get(name);
  if (!style) {
    style = new Style({
      image: vesselIcon,
      text: new Text({
        text: name,
        offsetY: -16,
        font: '600 11px sans-serif',
        fill: vesselNameFill,
        stroke: vesselNameStroke,
      }),
    });
    vesselStyles.set(name, style);
  }
  return style;
}

/** The WebGL single markers: a circle in the colour of the point's health (`h`), white outline. */
export const pointsStyle: FlatStyle = {
  'circle-radius': 6,
  'circle-fill-color': ['match', ['get', 'h'], 1, HEALTH_COLORS[1], 2, HEALTH_COLORS[2], HEALTH_COLORS[0]],
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 1.5,
};
