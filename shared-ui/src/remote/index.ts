// Loading a widget of another remote from inside a remote.
export { setRemoteLoader, getRemoteLoader } from './remoteLoader';
export type { RemoteWidgetLoader } from './remoteLoader';
export { RemoteWidget } from './RemoteWidget';
export type { RemoteWidgetProps } from './RemoteWidget';
export type { LngLat, RouteMapProps } from './contracts';
