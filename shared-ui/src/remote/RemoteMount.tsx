// The one way the portal mounts a module of a remote (the shell's pages, a remote's widgets): lazy loading
// through the loader with its retries, `loading` meanwhile, and an error boundary whose fallback offers a Retry
// that really loads again (the remote is reset and a fresh lazy component is made).
import { Component, lazy, Suspense, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { loadComponentModule, remoteOf } from './loadModule';
import { useRemoteLoader } from './remoteLoader';

export interface RemoteBoundaryProps {
  /** What to show instead of the children after an error; `reset` clears the error. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** Name used in the console message. */
  name: string;
  children: ReactNode;
}

/** Catches a remote module that fails to load or throws while rendering, so the rest keeps working. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, { error: unknown; failed: boolean }> {
  state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(`[remote] ${this.props.name} failed`, error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ error: null, failed: false });
  };

  render(): ReactNode {
    if (this.state.failed) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}

export interface RemoteMountProps<P extends object> {
  /** Federation id, e.g. 'mfe_map/RouteMap'. */
  id: string;
  props: P;
  /** Shown while the module loads. */
  loading: ReactNode;
  /** Shown when it cannot load or crashed: `retry` resets the remote and loads again; `busy` meanwhile. */
  fallback: (retry: () => void, busy: boolean) => ReactNode;
}

export function RemoteMount<P extends object>({ id, props, loading, fallback }: RemoteMountProps<P>) {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  // A new lazy component per attempt: React.lazy caches its (failed) promise, so a retry needs a fresh one.
  const Loaded = useMemo(
    () => lazy(() => loadComponentModule<P>(loader, id)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` forces a new lazy component
    [loader, id, attempt],
  );
  const retry = async () => {
    setBusy(true);
    try {
      await loader.reset?.(remoteOf(id));
    } finally {
      setBusy(false);
      setAttempt((n) => n + 1);
    }
  };
  return (
    <RemoteBoundary key={attempt} name={id} fallback={() => fallback(() => void retry(), busy)}>
      <Suspense fallback={loading}>
        <Loaded {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
