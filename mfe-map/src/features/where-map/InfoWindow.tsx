// The info window of a clicked marker, last-level cluster or vessel (spec section 2): for each container its
// carrier, status, POL → POD, ETA/ATA, health and a Detail link to /shipments/{id} (InfoItem.tsx); a vessel adds
// its name, next port and how many of the user's containers are on board. It takes the focus when it opens (a
// keyboard user reads it at once) and Escape closes it.
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { PointDetail } from '../../lib/map-api';
import type { MapData } from './cluster';
import { InfoItem } from './InfoItem';
import { portLabel } from './info-texts';
import { detailsKey, useInfoDetails } from './use-point-details';
import type { MapSelection } from './where-map-types';

/** Containers listed at once (the rest are counted). */
const INFO_SHOWN = 50;

export interface InfoWindowProps {
  selection: MapSelection;
  data: MapData;
  onClose: () => void;
}

/** The window takes the focus for each selection; Escape anywhere closes it. */
function useDialogKeys(box: RefObject<HTMLDivElement | null>, selection: MapSelection, onClose: () => void) {
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
  }, [box, selection]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
}

interface InfoListsProps {
  details: PointDetail[];
  /** The ids in port under a clicked vessel's icon (listed apart), and how many there are. */
  hereIds: number[];
  hereTotal: number;
  /** Containers of the selection not listed. */
  more: number;
  vesselName?: string;
}

/** The containers (with how many more there are), then those in port under a clicked vessel's icon. */
function InfoLists({ details, hereIds, hereTotal, more, vesselName }: InfoListsProps) {
  const { t } = useTranslation(NS);
  const here = new Set(hereIds);
  const item = (d: PointDetail) => <InfoItem key={d.id} detail={d} vesselName={vesselName} />;
  return (
    <>
      <ul className="map-where-info__list">{details.filter((d) => !here.has(d.id)).map(item)}</ul>
      {more > 0 && <p className="map-where-info__more">{t('info.more', { count: more })}</p>}
      {hereIds.length > 0 && (
        <>
          <h3 className="map-where-info__also" data-testid="map-info-also-here">
            {t('info.alsoHere', { count: hereTotal })}
          </h3>
          <ul className="map-where-info__list">{details.filter((d) => here.has(d.id)).map(item)}</ul>
          {hereTotal > hereIds.length && (
            <p className="map-where-info__more">{t('info.more', { count: hereTotal - hereIds.length })}</p>
          )}
        </>
      )}
    </>
  );
}

export function InfoWindow({ selection, data, onClose }: InfoWindowProps) {
  const { t } = useTranslation(NS);
  const ids = selection.points.slice(0, INFO_SHOWN).map((i) => data.ids[i]);
  // containers in port under a clicked vessel's icon, listed after those on board (one details call for both)
  const hereIds = (selection.alsoHere ?? []).slice(0, INFO_SHOWN).map((i) => data.ids[i]);
  const hereTotal = selection.alsoHereTotal ?? hereIds.length;
  const { details, failed } = useInfoDetails(detailsKey([...ids, ...hereIds]));
  const box = useRef<HTMLDivElement>(null);
  useDialogKeys(box, selection, onClose);

  const vessel =
    selection.kind === 'vessel' && selection.vessel !== undefined ? data.vessels[selection.vessel] : null;
  const title = vessel ? vessel.name : t('info.containers', { count: selection.total });
  const subtitle = vessel
    ? [
        `${t('info.nextPort')}: ${vessel.next_port ? portLabel(vessel.next_port) : t('info.none')}`,
        t('info.onBoard', { count: selection.total }),
      ]
    : [];

  return (
    <div
      ref={box}
      className="map-where-info"
      data-testid="map-info"
      role="dialog"
      aria-label={title}
      tabIndex={-1}
    >
      <div className="map-where-info__head">
        <div>
          <h2>{title}</h2>
          {subtitle.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <button
          type="button"
          className="map-where-info__close"
          aria-label={t('info.close')}
          onClick={onClose}
          data-testid="map-info-close"
        >
          ×
        </button>
      </div>
      {failed && <p className="map-where-info__msg">{t('info.error')}</p>}
      {!failed && details === null && (
        <p className="map-where-info__msg">
          <Spinner size="sm" /> {t('info.loading')}
        </p>
      )}
      {details && (
        <InfoLists
          details={details}
          hereIds={hereIds}
          hereTotal={hereTotal}
          more={selection.total - ids.length}
          vesselName={vessel?.name}
        />
      )}
    </div>
  );
}
