// Mounts one exposed page of a remote through shared-ui's RemoteMount (the one mechanism for pages and widgets):
// lazy loading with automatic retries, a spinner meanwhile, and a fallback that names the area and offers a
// Retry that really loads again.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, RemoteMount, Spinner } from '@portal/shared-ui';
import { TEST_IDS } from '../testids';
import { useRemoteVersion } from './versions';

export interface RemotePageProps {
  remote: string;
  module: string;
  /** The area's name shown in the fallback, already translated. */
  area: string;
}

export function RemotePage({ remote, module, area }: RemotePageProps) {
  const version = useRemoteVersion(remote);
  return (
    <div
      className="shell-remote"
      data-testid={TEST_IDS.remotePage}
      data-remote={`${remote}/${module}`}
      data-remote-version={version}
    >
      <RemoteMount
        id={`${remote}/${module}`}
        props={{}}
        loading={<RemoteLoading />}
        fallback={(retry, busy) => <RemoteFallback area={area} busy={busy} onRetry={retry} />}
      />
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
