// Mounts a widget exposed by another remote (e.g. mfe_map/RouteMap) inside a remote page: lazy loaded through
// the registered loader, with a spinner meanwhile and, when it cannot load or crashes, a fallback with Retry.
import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button/Button';
import { Spinner } from '../components/spinner/Spinner';
import { getRemoteLoader } from './remoteLoader';

export interface RemoteWidgetProps<P extends object> {
  /** 'remote_name/Exposed', e.g. 'mfe_map/RouteMap'. */
  id: string;
  props: P;
  /** Name of the area, shown in the fallback. */
  area: string;
  className?: string;
}

class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('[remote widget] failed', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

async function loadWidget<P extends object>(id: string): Promise<{ default: ComponentType<P> }> {
  const loader = getRemoteLoader();
  if (!loader) throw new Error(`No remote loader registered (loading ${id})`);
  const loaded = (await loader.load(id)) as { default?: unknown } | null;
  const component = loaded?.default;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new Error(`Remote module ${id} has no default component`);
  }
  return { default: component as ComponentType<P> };
}

export function RemoteWidget<P extends object>({ id, props, area, className }: RemoteWidgetProps<P>) {
  const { t } = useTranslation('common');
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  // A new lazy component per attempt: React.lazy caches its failed promise.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` forces a new lazy component
  const Widget = useMemo(() => lazy(() => loadWidget<P>(id)), [id, attempt]);
  const retry = async () => {
    setBusy(true);
    try {
      await getRemoteLoader()?.reset?.(id.split('/')[0]);
    } finally {
      setBusy(false);
      setAttempt((n) => n + 1);
    }
  };
  const fallback = (
    <div className="pui-remote-widget__fallback" role="alert" data-testid="remote-widget-fallback">
      <strong>{area}</strong>
      <p>{t('errors.unavailable')}</p>
      <Button variant="secondary" size="sm" busy={busy} onClick={retry} data-testid="remote-widget-retry">
        {t('actions.retry')}
      </Button>
    </div>
  );
  return (
    <div className={['pui-remote-widget', className].filter(Boolean).join(' ')} data-remote-widget={id}>
      <Boundary key={attempt} fallback={fallback}>
        <Suspense fallback={<Spinner size="lg" label={t('actions.loading')} />}>
          <Widget {...props} />
        </Suspense>
      </Boundary>
    </div>
  );
}
