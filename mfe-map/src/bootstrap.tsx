// Runs this remote on its own for development (npm run dev -w mfe-map), against the real API.
import './i18n';
import { mountStandalone } from '@portal/shared-ui';
import { MapLocationsPage } from './pages/MapLocationsPage';

// Development only: a failed start shows in the console as an uncaught rejection.
void mountStandalone({
  name: 'mfe-map',
  routes: [{ path: '/map-locations', element: <MapLocationsPage /> }],
});
