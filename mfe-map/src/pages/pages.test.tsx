import { describeRemotePages } from '@portal/shared-ui/testing';
import { resources } from '../i18n';
import MapLocationsPageExposed from '../exposes/MapLocationsPage';

// jsdom has no ResizeObserver (OpenLayers watches the map's size with it); nothing is measured here.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const CASES = [{ path: '/map-locations', url: '/map-locations', Page: MapLocationsPageExposed }];

describeRemotePages(CASES, resources);
