import { describeRemotePages } from '@portal/shared-ui/src/testing/describeRemotePages';
import { resources } from '../i18n';
import MapLocationsPageExposed from '../exposes/MapLocationsPage';

const CASES = [{ path: '/map-locations', url: '/map-locations', Page: MapLocationsPageExposed }];

describeRemotePages(CASES, resources);
