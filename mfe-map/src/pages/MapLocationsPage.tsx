// Route page /map-locations, 'Where Are They?' (spec section 2): filters kept in the URL, every active container
// with a known position on one clustered map with the vessels carrying them, an info window with a Detail link,
// a legend, the count shown and an empty state. The points come compact (column arrays) and are refreshed every
// two minutes without moving the view (use-map-points.ts). From the keyboard: the map moves with the arrow keys,
// Tab reaches the markers on screen, Escape closes the info window and gives the focus back (use-map-selection.ts);
// a toggle lists what is on screen.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared-ui';
import { useUrlFilters } from '@portal/shared-ui/lists';
import { NS } from '../i18n';
import { ensureMapStyles } from '../lib/styles';
import { vesselsWithPoints, type MapData } from '../features/where-map/cluster';
import type { MapTarget, WhereMapHandle } from '../features/where-map/create-where-map';
import { VisibleList } from '../features/where-map/VisibleList';
import { InfoWindow } from '../features/where-map/InfoWindow';
import { MapFilters } from '../features/where-map/MapFilters';
import { MapLegend } from '../features/where-map/MapLegend';
import { MapStatus } from '../features/where-map/MapStatus';
import { MAP_FILTERS, mapQuery } from '../features/where-map/filters';
import { useMapPoints, type LoadState } from '../features/where-map/use-map-points';
import { useMapSelection } from '../features/where-map/use-map-selection';
import { WhereMap } from '../features/where-map/WhereMap';

interface MapBarProps {
  data: MapData | null;
  state: LoadState;
  listOpen: boolean;
  onToggleList: () => void;
}

/** The count shown (containers and the vessels carrying them) and the toggle of the list. */
function MapBar({ data, state, listOpen, onToggleList }: MapBarProps) {
  const { t } = useTranslation(NS);
  const vessels = useMemo(() => (data ? vesselsWithPoints(data) : 0), [data]);
  return (
    <div className="map-where-bar">
      <p className="map-where-count" data-testid="map-count" aria-live="polite">
        {data && state !== 'error'
          ? `${t('mapLocations.shown', { count: data.count })} · ${t('mapLocations.vessels', { count: vessels })}`
          : ' '}
      </p>
      <Button
        size="sm"
        variant="secondary"
        aria-expanded={listOpen}
        aria-controls="map-visible-list"
        onClick={onToggleList}
        data-testid="map-list-toggle"
      >
        {listOpen ? t('list.hide') : t('list.toggle')}
      </Button>
    </div>
  );
}

/** The name of a keyboard target, in the page's language. */
function useTargetLabel() {
  const { t } = useTranslation(NS);
  return useCallback(
    (target: MapTarget) =>
      target.kind === 'vessel'
        ? t('target.vessel', { name: target.name })
        : t(`target.${target.kind}`, {
            count: target.count,
            family: t(`target.family.${target.family}`),
          }),
    [t],
  );
}

export function MapLocationsPage() {
  ensureMapStyles();
  const { t } = useTranslation(NS);
  const filters = useUrlFilters(MAP_FILTERS);
  const queryKey = JSON.stringify(mapQuery(filters.query));
  const [retry, setRetry] = useState(0);
  const [handle, setHandle] = useState<WhereMapHandle | null>(null);
  const [viewKey, setViewKey] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const { selection, onSelect, close, clear } = useMapSelection(handle);
  const { data, fitKey, state, setState } = useMapPoints(queryKey, retry, clear);
  const onViewChange = useCallback(() => setViewKey((n) => n + 1), []);
  const labels = useMemo(() => ({ zoomIn: t('controls.zoomIn'), zoomOut: t('controls.zoomOut') }), [t]);
  const targetLabel = useTargetLabel();
  const onLoadError = useCallback(() => setState('error'), [setState]);
  const empty = state === 'ready' && data !== null && data.count === 0;

  return (
    <section className="pui-page map-where-page" data-testid="page-map-locations-page">
      <header className="map-where-page__head">
        <h1>{t('mapLocations.title')}</h1>
        <p>{t('mapLocations.subtitle')}</p>
      </header>
      <MapFilters filters={filters} />
      <MapBar
        data={data}
        state={state}
        listOpen={listOpen}
        onToggleList={() => setListOpen((open) => !open)}
      />
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
        <MapStatus
          state={state}
          empty={empty}
          filtered={filters.filtered}
          onRetry={() => setRetry((n) => n + 1)}
          onReset={filters.reset}
        />
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
