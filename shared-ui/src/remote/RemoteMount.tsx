// The one way the portal mounts a module of a remote (the shell's pages, a remote's widgets): loading through
// the loader with its retries, `loading` meanwhile, and an error boundary whose fallback offers a Retry that
// really loads again (the remote is reset and loaded anew). The module is loaded in an effect and rendered as
// soon as it is there, not through React.lazy: React holds a Suspense boundary's content back for up to 300 ms
// after its fallback showed, which every remote page paid for (measured on the map page).
import {
  Component,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { loadComponentModule, remoteOf } from './load-module';
import { useRemoteLoader } from './remote-loader';

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

type Loaded<P> =
  | { status: 'loading' }
  | { status: 'ready'; component: ComponentType<P> }
  | { status: 'failed'; error: unknown };

export function RemoteMount<P extends object>({ id, props, loading, fallback }: RemoteMountProps<P>) {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState<Loaded<P>>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    loadComponentModule<P>(loader, id).then(
      (module) => current && setLoaded({ status: 'ready', component: module.default }),
      (error: unknown) => {
        if (!current) return;
        console.warn(`[remote] ${id} failed to load`, error);
        setLoaded({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [loader, id, attempt]);
  const retry = async () => {
    setBusy(true);
    try {
      await loader.reset?.(remoteOf(id));
    } finally {
      setBusy(false);
      setAttempt((n) => n + 1);
    }
  };
  if (loaded.status === 'failed') return <>{fallback(() => void retry(), busy)}</>;
  if (loaded.status === 'loading') return <>{loading}</>;
  const Loaded = loaded.component;
  return (
    <RemoteBoundary key={attempt} name={id} fallback={() => fallback(() => void retry(), busy)}>
      {/* for modules that suspend inside (their own lazy parts) */}
      <Suspense fallback={loading}>
        <Loaded {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
