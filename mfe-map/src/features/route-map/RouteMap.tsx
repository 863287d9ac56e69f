// The route-map widget (exposed as mfe_map/RouteMap): mounts the OpenLayers island on a div, redraws when the
// route changes, disposes it on unmount.
import { useEffect, useRef } from 'react';
import { injectStyleSheet, type RouteMapProps } from '@portal/shared-ui';
import { createRouteMap, type RouteMapHandle } from './create-route-map';
import { olCss } from './ol-css';

const STYLE_ID = 'mfe-map-ol-styles';
function ensureOlStyles(): void {
  injectStyleSheet(STYLE_ID, olCss);
}

/** What was drawn, as data attributes (read by the end-to-end tests). */
function markDrawn(element: HTMLElement, handle: RouteMapHandle): void {
  const counts = handle.counts();
  element.dataset.drawnRoute = String(counts.route);
  element.dataset.drawnPlanned = String(counts.planned);
  element.dataset.drawnPlannedVertices = String(handle.plannedVertices());
  element.dataset.drawnMarkers = String(counts.markers);
  element.dataset.drawnVessel = String(counts.vessel);
}

export function RouteMap(props: RouteMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const handle = useRef<RouteMapHandle | null>(null);
  const key = JSON.stringify([props.positions, props.planned, props.ports, props.vessel]);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    ensureOlStyles();
    if (!ref.current) return;
    handle.current = createRouteMap(ref.current, latest.current);
    markDrawn(ref.current, handle.current);
    return () => {
      handle.current?.dispose();
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    if (!handle.current || !ref.current) return;
    handle.current.update(latest.current);
    markDrawn(ref.current, handle.current);
  }, [key]);

  return (
    <div
      ref={ref}
      className="map-route"
      // a group, not an image: it holds the map's zoom buttons, and an image may not contain controls
      role="group"
      aria-label={props.label}
      data-testid="route-map"
      data-ports={props.ports.length}
      data-positions={props.positions.length}
      data-vessel={props.vessel ? 'yes' : 'no'}
    />
  );
}
