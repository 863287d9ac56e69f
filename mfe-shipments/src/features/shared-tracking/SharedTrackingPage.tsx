// The page a forwarder's customer opens (/t/<token>, no account): the forwarder's name, the container, carrier,
// ports, route map, status, ETA and the milestones as a timeline, in the visitor's language (the public site's
// es / en toggle). An unknown, expired or revoked link shows one plain branded page. Never indexed: the API
// answers with X-Robots-Tag and the page adds <meta name="robots" content="noindex"> while it is shown.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@portal/shared-api/queries';
import { Button, formatDate, RemoteWidget, setLanguage, type RouteMapProps } from '@portal/shared-ui';
import { useParams } from '@portal/shared-ui/router';
import { fetchPublicTracking, type PublicTracking } from './api';
import { SHARE_NS } from './i18n';
import { ensureShareStyles } from './styles';

/** Adds the robots meta while mounted (and takes it away after, so the portal's other pages are unaffected). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    meta.setAttribute('data-shared-tracking', '');
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

function TopBar({ forwarder }: { forwarder?: string }) {
  const { t, i18n } = useTranslation(SHARE_NS);
  const current = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'es';
  const next = current === 'en' ? 'es' : 'en';
  return (
    <header className="sht-bar" data-testid="shared-tracking-bar">
      <div>
        {forwarder ? (
          <>
            <small>{t('page.title')}</small>
            <strong data-testid="shared-forwarder">{forwarder}</strong>
          </>
        ) : (
          <strong>{t('page.title')}</strong>
        )}
      </div>
      <button
        type="button"
        className="sht-lang"
        lang={next}
        aria-label={`${t('page.languageShort')}, ${t('page.language')}`}
        title={t('page.language')}
        onClick={() => void setLanguage(next, i18n)}
        data-testid="shared-lang"
      >
        {t('page.languageShort')}
      </button>
    </header>
  );
}

function mapProps(view: PublicTracking, label: string): RouteMapProps {
  const first = view.route[0];
  const last = view.route[view.route.length - 1];
  const ports: RouteMapProps['ports'] = [];
  if (first) ports.push({ lng: first[0], lat: first[1], label: view.pol?.locode ?? view.pol?.name ?? '' });
  if (last && view.route.length > 1)
    ports.push({ lng: last[0], lat: last[1], label: view.pod?.locode ?? view.pod?.name ?? '' });
  return { positions: [], planned: view.route, ports, vessel: null, label };
}

const portText = (p: PublicTracking['pol']) => (p ? (p.locode ? `${p.name} (${p.locode})` : p.name) : '—');

function TrackingView({ view }: { view: PublicTracking }) {
  const { t } = useTranslation(SHARE_NS);
  return (
    <>
      <h1 data-testid="shared-title">{t('page.sharedBy', { name: view.forwarder })}</h1>
      <section className="sht-panel" aria-label={t('page.title')}>
        <dl className="sht-facts">
          <div>
            <dt>{t('page.containers', { count: view.containers.length })}</dt>
            <dd data-testid="shared-containers">{view.containers.join(', ')}</dd>
          </div>
          <div>
            <dt>{t('page.carrier')}</dt>
            <dd>{view.carrier.name}</dd>
          </div>
          <div>
            <dt>{t('page.pol')}</dt>
            <dd data-testid="shared-pol">{portText(view.pol)}</dd>
          </div>
          <div>
            <dt>{t('page.pod')}</dt>
            <dd data-testid="shared-pod">{portText(view.pod)}</dd>
          </div>
          {view.transshipments.length > 0 && (
            <div>
              <dt>{t('page.via')}</dt>
              <dd>{view.transshipments.map(portText).join(', ')}</dd>
            </div>
          )}
          <div>
            <dt>{t('page.status')}</dt>
            <dd data-testid="shared-status">{view.status_label}</dd>
          </div>
          <div>
            <dt>{view.arrived ? t('page.arrived') : t('page.eta')}</dt>
            <dd className="sht-eta" data-testid="shared-eta">
              {view.eta ? formatDate(view.eta) : t('page.unknownDate')}
            </dd>
          </div>
        </dl>
      </section>
      <div className="sht-grid">
        <section className="sht-panel" aria-labelledby="sht-milestones">
          <h2 id="sht-milestones">{t('page.milestones')}</h2>
          {view.milestones.length === 0 ? (
            <p>{t('page.noMilestones')}</p>
          ) : (
            <ol className="sht-timeline" data-testid="shared-milestones">
              {view.milestones.map((m) => (
                <li key={m.milestone} className={`sht-step${m.actual ? ' sht-step--actual' : ''}`}>
                  <strong>{m.label}</strong>
                  <span>
                    {formatDate(m.date)} · {m.actual ? t('page.actual') : t('page.estimated')}
                    {m.place ? ` · ${m.place.name}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        {view.route.length > 1 && (
          <section className="sht-panel" aria-labelledby="sht-route">
            <h2 id="sht-route">{t('page.route')}</h2>
            <div className="sht-map">
              <RemoteWidget<RouteMapProps>
                id="mfe_map/RouteMap"
                area={t('page.route')}
                props={mapProps(view, t('page.route'))}
              />
            </div>
          </section>
        )}
      </div>
    </>
  );
}

export function SharedTrackingPage() {
  ensureShareStyles();
  useNoIndex();
  const { t, i18n } = useTranslation(SHARE_NS);
  const { token = '' } = useParams();
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'es';
  const { data, error, refetch, isFetching } = useQuery({
    queryKey: ['public-tracking', token, lang],
    queryFn: ({ signal }) => fetchPublicTracking(token, lang, signal),
    retry: false,
    staleTime: 0,
  });
  const view = data?.kind === 'ok' ? data.view : undefined;

  useEffect(() => {
    document.title = view ? `${t('page.title')} · ${view.forwarder}` : t('page.title');
  }, [view, t]);

  return (
    <div className="sht" data-testid="page-shared-tracking" lang={lang}>
      <TopBar forwarder={view?.forwarder} />
      <main className="sht-main">
        {view && <TrackingView view={view} />}
        {data?.kind === 'gone' && (
          <section className="sht-panel sht-gone" data-testid="shared-gone">
            <h1>{t('page.goneTitle')}</h1>
            <p>{t('page.goneText')}</p>
          </section>
        )}
        {!data && error && (
          <section className="sht-panel sht-gone" role="alert">
            <p>{t('page.failed')}</p>
            <Button onClick={() => void refetch()} busy={isFetching}>
              {t('page.retry')}
            </Button>
          </section>
        )}
        {!data && !error && <p role="status">{t('page.loading')}</p>}
      </main>
    </div>
  );
}
