// Exposed to the shell as 'mfe_map/MapLocationsPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { MapLocationsPage } from '../pages/MapLocationsPage';

export default MapLocationsPage;
