// Props of the widgets remotes expose to each other (types only): both sides import them from here.

/** A point in longitude / latitude. */
export interface LngLat {
  lng: number;
  lat: number;
}

/** mfe_map/RouteMap: the route of one shipment. */
export interface RouteMapProps {
  /** The route travelled and planned, as [lng, lat] pairs in order (may be empty). */
  positions: [number, number][];
  /** The planned route along the sea as [lng, lat] pairs (optional); without it the ports are joined straight. */
  planned?: [number, number][];
  /** The ports in order (POL, transshipments, POD), drawn as the start, stops and end. */
  ports: (LngLat & { label: string })[];
  /** The vessel's (or container's) last position. */
  vessel: (LngLat & { label?: string }) | null;
  /** Accessible name of the map. */
  label?: string;
}
