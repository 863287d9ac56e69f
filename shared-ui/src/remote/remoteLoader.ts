// A tiny registry through which a remote loads another remote's exposed module at run time: the shell registers
// its own federation loader at start-up (setRemoteLoader), remotes only call loadRemoteWidget.

export interface RemoteWidgetLoader {
  /** Loads a federated module by request id, e.g. 'mfe_map/RouteMap'. */
  load(id: string): Promise<unknown>;
  /** Forgets a remote's failed state so the next load fetches it again. */
  reset?(remote: string): void | Promise<void>;
}

let current: RemoteWidgetLoader | null = null;

export function setRemoteLoader(loader: RemoteWidgetLoader | null): void {
  current = loader;
}

export function getRemoteLoader(): RemoteWidgetLoader | null {
  return current;
}
