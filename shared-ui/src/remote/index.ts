// Loading a module of another remote: the shell's pages and the remotes' widgets use the same mechanism.
export { getRemoteLoader, RemoteLoaderContext, setRemoteLoader, useRemoteLoader } from './remote-loader';
export type { RemoteLoader } from './remote-loader';
export { isComponentModule, loadComponentModule, RemoteShapeError, remoteOf } from './load-module';
export type { ComponentModule } from './load-module';
export { RemoteBoundary, RemoteMount } from './RemoteMount';
export type { RemoteBoundaryProps, RemoteMountProps } from './RemoteMount';
export { RemoteWidget } from './RemoteWidget';
export type { RemoteWidgetProps } from './RemoteWidget';
export type { LngLat, RouteMapProps } from './contracts';
