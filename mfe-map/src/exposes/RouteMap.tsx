// Exposed as 'mfe_map/RouteMap': the route-map widget the shipment detail loads at run time.
import { RouteMap } from '../features/route-map/RouteMap';

export default RouteMap;
