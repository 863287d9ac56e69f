// Exposed to the shell as 'mfe_map/MapLocationsPage'. Its side effects: registering the namespace, and starting
// the load of the map's OpenLayers chunk and of the points (below).
import { mark } from '../lib/perf';
import '../i18n';
import { MapLocationsPage } from '../pages/MapLocationsPage';
import { loadWhereMap } from '../features/where-map/load-where-map';
import { mapQueryFromSearch } from '../features/where-map/filters';
import { prefetchPoints } from '../lib/map-api';

// The two slow parts of the first draw start now, side by side, while the shell mounts the page: the OpenLayers
// chunk and, when the page about to show is the map, its points (for the filters of the URL).
loadWhereMap().catch(() => undefined);
if (typeof window !== 'undefined' && /\/map-locations\/?$/.test(window.location.pathname)) {
  prefetchPoints(mapQueryFromSearch(window.location.search));
}

mark('expose-evaluated');

export default MapLocationsPage;
