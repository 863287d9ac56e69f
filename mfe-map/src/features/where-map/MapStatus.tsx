// What the map shows over itself instead of markers: loading, a load error with a retry, and the empty state
// (with a reset when filters are what emptied it).
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { LoadState } from './use-map-points';

export interface MapStatusProps {
  state: LoadState;
  /** The points are loaded and there are none. */
  empty: boolean;
  /** Filters are set (the empty state offers to reset them). */
  filtered: boolean;
  onRetry: () => void;
  onReset: () => void;
}

export function MapStatus({ state, empty, filtered, onRetry, onReset }: MapStatusProps) {
  const { t } = useTranslation(NS);
  return (
    <>
      {state === 'loading' && (
        <div className="map-where-state" data-testid="map-loading">
          <Spinner size="sm" /> {t('mapLocations.loading')}
        </div>
      )}
      {state === 'error' && (
        <div className="map-where-state" role="alert" data-testid="map-error">
          {t('mapLocations.loadError')}
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('mapLocations.retry')}
          </Button>
        </div>
      )}
      {empty && (
        <div className="map-where-state" role="status" data-testid="map-empty">
          {filtered ? t('mapLocations.empty') : t('mapLocations.emptyNoFilters')}
          {filtered && (
            <Button size="sm" variant="secondary" onClick={onReset}>
              {t('mapLocations.reset')}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
