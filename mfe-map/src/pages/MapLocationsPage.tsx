// Route page /map-locations, 'Where Are They?' (spec section 2): filters kept in the URL, every active container
// with a known position on one clustered map with the vessels carrying them, an info window with a Detail link,
// a legend, the count shown and an empty state. The points come compact (column arrays) and are refreshed every
// two minutes without moving the view. From the keyboard: the map moves with the arrow keys, Tab reaches the
// markers on screen, Escape closes the info window and gives the focus back; a toggle lists what is on screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@portal/shared-api';
import { Button, Spinner } from '@portal/shared-ui';
import { useUrlFilters } from '@portal/shared-ui/lists';
import { NS } from '../i18n';
import { mapApi, takePrefetchedPoints, takeReadyPrefetchedPoints } from '../lib/map-api';
import { mark } from '../lib/perf';
import { ensureMapStyles } from '../lib/styles';
import { decodeMapData, type MapData } from '../features/where-map/cluster';
import type { MapSelection, MapTarget, WhereMapHandle } from '../features/where-map/create-where-map';
import { VisibleList } from '../features/where-map/VisibleList';
import { InfoWindow } from '../features/where-map/InfoWindow';
import { MapFilters } from '../features/where-map/MapFilters';
import { MapLegend } from '../features/where-map/MapLegend';
import { MAP_FILTERS, mapQuery } from '../features/where-map/filters';
import { WhereMap } from '../features/where-map/WhereMap';

/** The map is live: its points are asked again this often (ms). */
const REFRESH_MS = 120_000;

type LoadState = 'loading' | 'ready' | 'error';

export function MapLocationsPage() {
  ensureMapStyles();
  const { t } = useTranslation(NS);
  const filters = useUrlFilters(MAP_FILTERS);
  const queryKey = JSON.stringify(mapQuery(filters.query));
  // The first points may already be here (asked for when the page's module loaded): drawn on the first render.
  const [initial] = useState(() => {
    const answer = takeReadyPrefetchedPoints(JSON.parse(queryKey) as Query);
    return answer ? { key: queryKey, data: decodeMapData(answer) } : null;
  });
  const [data, setData] = useState<MapData | null>(initial?.data ?? null);
  const [fitKey, setFitKey] = useState(0);
  const [state, setState] = useState<LoadState>(initial ? 'ready' : 'loading');
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const [retry, setRetry] = useState(0);
  const [tick, setTick] = useState(0);
  const [handle, setHandle] = useState<WhereMapHandle | null>(null);
  const [viewKey, setViewKey] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  /** What had the focus when the info window opened: it gets it back when the window closes. */
  const opener = useRef<HTMLElement | null>(null);

  // New filters: load, fit the view to the points.
  const skipLoad = useRef(initial?.key ?? null);
  useEffect(() => {
    if (skipLoad.current !== null) {
      const skip = skipLoad.current === queryKey && retry === 0;
      skipLoad.current = null;
      if (skip) return;
    }
    const controller = new AbortController();
    setState('loading');
    setSelection(null);
    mark('fetch-start');
    const query = JSON.parse(queryKey) as Query;
    (takePrefetchedPoints(query) ?? mapApi.points(query, controller.signal))
      .then((answer) => {
        if (controller.signal.aborted) return;
        mark('fetch-end');
        setData(decodeMapData(answer));
        mark('decoded');
        setFitKey((n) => n + 1);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [queryKey, retry]);

  // Live: the same filters again every REFRESH_MS, keeping the view (and the open info window when possible).
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (tick === 0) return;
    const controller = new AbortController();
    mapApi
      .points(JSON.parse(queryKey) as Query, controller.signal)
      .then((answer) => {
        setSelection(null);
        setData(decodeMapData(answer));
      })
      .catch(() => undefined);
    return () => controller.abort();
    // a refresh only follows the clock, not the filters (their change loads above)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick]);

  const vesselsWithPoints = useMemo(() => {
    if (!data) return 0;
    const seen = new Set<number>();
    for (let i = 0; i < data.count; i++) if (data.vessel[i] >= 0) seen.add(data.vessel[i]);
    return seen.size;
  }, [data]);

  const onSelect = useCallback((s: MapSelection | null) => {
    if (s) {
      const active = document.activeElement;
      // the window itself when one replaces another
      if (active instanceof HTMLElement && !active.closest('.map-where__info')) opener.current = active;
    }
    setSelection(s);
  }, []);
  const close = useCallback(() => {
    if (handle) handle.closeInfo();
    else setSelection(null);
    const back = opener.current;
    opener.current = null;
    const map = document.querySelector<HTMLElement>('[data-testid="where-map-focus"]');
    (back?.isConnected && back !== document.body ? back : map)?.focus({ preventScroll: true });
  }, [handle]);
  const onViewChange = useCallback(() => setViewKey((n) => n + 1), []);
  const labels = useMemo(() => ({ zoomIn: t('controls.zoomIn'), zoomOut: t('controls.zoomOut') }), [t]);
  const targetLabel = useCallback(
    (target: MapTarget) =>
      target.kind === 'vessel'
        ? t('target.vessel', { name: target.name })
        : t(`target.${target.kind}`, {
            count: target.count,
            family: t(`target.family.${target.family}`),
          }),
    [t],
  );
  const onLoadError = useCallback(() => setState('error'), []);
  const empty = state === 'ready' && data !== null && data.count === 0;

  return (
    <section className="pui-page map-where-page" data-testid="page-map-locations-page">
      <header className="map-where-page__head">
        <h1>{t('mapLocations.title')}</h1>
        <p>{t('mapLocations.subtitle')}</p>
      </header>
      <MapFilters filters={filters} />
      <div className="map-where-bar">
        <p className="map-where-count" data-testid="map-count" aria-live="polite">
          {data && state !== 'error'
            ? `${t('mapLocations.shown', { count: data.count })} · ${t('mapLocations.vessels', { count: vesselsWithPoints })}`
            : ' '}
        </p>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={listOpen}
          aria-controls="map-visible-list"
          onClick={() => setListOpen((open) => !open)}
          data-testid="map-list-toggle"
        >
          {listOpen ? t('list.hide') : t('list.toggle')}
        </Button>
      </div>
      <WhereMap
        data={data}
        fitKey={fitKey}
        label={t('mapLocations.mapLabel')}
        onSelect={onSelect}
        onLoadError={onLoadError}
        loadKey={retry}
        labels={labels}
        keyboardHint={t('controls.keyboard')}
        targetLabel={targetLabel}
        onHandle={setHandle}
        onViewChange={onViewChange}
        info={selection && data ? <InfoWindow selection={selection} data={data} onClose={close} /> : null}
      >
        {state === 'loading' && (
          <div className="map-where-state" data-testid="map-loading">
            <Spinner size="sm" /> {t('mapLocations.loading')}
          </div>
        )}
        {state === 'error' && (
          <div className="map-where-state" role="alert" data-testid="map-error">
            {t('mapLocations.loadError')}
            <Button size="sm" variant="secondary" onClick={() => setRetry((n) => n + 1)}>
              {t('mapLocations.retry')}
            </Button>
          </div>
        )}
        {empty && (
          <div className="map-where-state" role="status" data-testid="map-empty">
            {filters.filtered ? t('mapLocations.empty') : t('mapLocations.emptyNoFilters')}
            {filters.filtered && (
              <Button size="sm" variant="secondary" onClick={filters.reset}>
                {t('mapLocations.reset')}
              </Button>
            )}
          </div>
        )}
        <MapLegend folded={selection !== null} />
      </WhereMap>
      {listOpen && (
        <VisibleList
          id="map-visible-list"
          handle={handle}
          data={data}
          viewKey={viewKey}
          onShow={(index) => handle?.showPoint(index)}
        />
      )}
    </section>
  );
}
