// Loading a module of another remote: the shell's pages and the remotes' widgets use the same mechanism.
export { getRemoteLoader, RemoteLoaderContext, setRemoteLoader, useRemoteLoader } from './remoteLoader';
export type { RemoteLoader } from './remoteLoader';
export { isComponentModule, loadComponentModule, RemoteShapeError, remoteOf } from './loadModule';
export type { ComponentModule } from './loadModule';
export { RemoteBoundary, RemoteMount } from './RemoteMount';
export type { RemoteBoundaryProps, RemoteMountProps } from './RemoteMount';
export { RemoteWidget } from './RemoteWidget';
export type { RemoteWidgetProps } from './RemoteWidget';
export type { LngLat, RouteMapProps } from './contracts';
