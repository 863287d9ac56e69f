// Mounts one exposed page of a remote: lazy loading with automatic retries, a spinner meanwhile, and an
// error boundary with a fallback that names the area and offers a Retry that really loads again.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@portal/shared-ui';
import { TEST_IDS } from '../testids';
import { loadPageModule } from './loadWithRetry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { useRemoteLoader } from './remote-loader';

export interface RemotePageProps {
  remote: string;
  module: string;
  /** The area's name shown in the fallback, already translated. */
  area: string;
}

export function RemotePage({ remote, module, area }: RemotePageProps) {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);

  // A new lazy component per attempt: React.lazy caches its (failed) promise, so a retry needs a fresh one.
  const Page = useMemo(
    () => lazy(() => loadPageModule(loader, remote, module)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` forces a new lazy component
    [loader, remote, module, attempt],
  );

  return (
    <div className="shell-remote" data-testid={TEST_IDS.remotePage} data-remote={`${remote}/${module}`}>
      <RemoteErrorBoundary
        key={attempt}
        name={`${remote}/${module}`}
        fallback={() => (
          <RemoteFallback
            area={area}
            busy={retrying}
            onRetry={async () => {
              setRetrying(true);
              try {
                await loader.reset(remote);
              } finally {
                setRetrying(false);
                setAttempt((n) => n + 1);
              }
            }}
          />
        )}
      >
        <Suspense fallback={<RemoteLoading />}>
          <Page />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}

function RemoteLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="shell-remote__loading" data-testid={TEST_IDS.remoteLoading}>
      <Spinner size="lg" label={t('actions.loading')} />
    </div>
  );
}

export interface RemoteFallbackProps {
  area: string;
  busy?: boolean;
  onRetry: () => void;
}

/** Shows the live page instead of a prerendered public page's static copy (see mfe-public/prerender/). */
export function releasePrerender(doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  doc.getElementById('pre')?.remove();
  doc.documentElement.classList.remove('pre-active');
}

export function RemoteFallback({ area, busy, onRetry }: RemoteFallbackProps) {
  const { t } = useTranslation('common');
  // A public page whose remote cannot load: its fallback must be seen, not the static copy.
  useEffect(() => releasePrerender(), []);
  return (
    <section className="shell-remote__fallback" role="alert" data-testid={TEST_IDS.remoteFallback}>
      <h2 className="shell-remote__fallback-title">{area}</h2>
      <p>{t('errors.unavailable')}</p>
      <Button variant="primary" busy={busy} onClick={onRetry} data-testid={TEST_IDS.remoteRetry}>
        {t('actions.retry')}
      </Button>
    </section>
  );
}
