// The info window of a clicked marker, last-level cluster or vessel (spec section 2): for each container its
// carrier, status, POL → POD, ETA/ATA, health and a Detail link to /shipments/{id}; a vessel adds its name, next
// port and how many of the user's containers are on board. It takes the focus when it opens (a keyboard user reads
// it at once) and Escape closes it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@portal/shared-ui/router';
import { formatDate, Spinner } from '@portal/shared-ui';
import { useShipmentHealthText, useShipmentStatusText } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import { mapApi, type PointDetail, type PortRef } from '../../lib/map-api';
import type { MapData } from './cluster';
import type { MapSelection } from './create-where-map';

/** Containers listed at once (the rest are counted). */
const INFO_SHOWN = 50;

const portLabel = (p: PortRef | null) => (p ? (p.locode ? `${p.name} (${p.locode})` : p.name) : '');

export interface InfoWindowProps {
  selection: MapSelection;
  data: MapData;
  onClose: () => void;
}

export function InfoWindow({ selection, data, onClose }: InfoWindowProps) {
  const { t } = useTranslation(NS);
  const statusText = useShipmentStatusText();
  const healthText = useShipmentHealthText();
  const [details, setDetails] = useState<PointDetail[] | null>(null);
  const [failed, setFailed] = useState(false);
  const ids = selection.points.slice(0, INFO_SHOWN).map((i) => data.ids[i]);
  // containers in port under a clicked vessel's icon, listed after those on board (one details call for both)
  const hereIds = (selection.alsoHere ?? []).slice(0, INFO_SHOWN).map((i) => data.ids[i]);
  const hereTotal = selection.alsoHereTotal ?? hereIds.length;
  const here = new Set(hereIds);
  const key = [...ids, ...hereIds].join(',');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    box.current?.focus({ preventScroll: true });
  }, [selection]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  useEffect(() => {
    const controller = new AbortController();
    setDetails(null);
    setFailed(false);
    if (key === '') {
      setDetails([]);
      return;
    }
    mapApi
      .details(key.split(',').map(Number), controller.signal)
      .then(setDetails)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [key]);

  const vessel =
    selection.kind === 'vessel' && selection.vessel !== undefined ? data.vessels[selection.vessel] : null;
  const none = t('info.none');
  const title = vessel ? vessel.name : t('info.containers', { count: selection.total });
  const subtitle = vessel
    ? [
        `${t('info.nextPort')}: ${vessel.next_port ? portLabel(vessel.next_port) : none}`,
        t('info.onBoard', { count: selection.total }),
      ]
    : [];

  /** The running free-time clock in words: days left or over, and the last free day. */
  const freeTimeText = (f: NonNullable<PointDetail['free_time']>) => {
    const lfd = formatDate(f.lfd, none);
    const days = f.days_left ?? 0;
    if (days === 0) return t('info.freeTime.today', { lfd });
    return days < 0
      ? t('info.freeTime.over', { count: -days, lfd })
      : t('info.freeTime.left', { count: days, lfd });
  };

  /** One container of the window: carrier, status, POL → POD, ETA/ATA, health, free time, vessel, Detail. */
  const item = (d: PointDetail) => (
    <li key={d.id} className="map-where-info__item" data-testid="map-info-item" data-id={d.id}>
      <div className="map-where-info__title">
        <strong>{d.container_number}</strong>
        <Link
          to={`/shipments/${d.id}`}
          aria-label={t('info.detailOf', { container: d.container_number })}
          data-testid="map-info-detail"
        >
          {t('info.detail')}
        </Link>
      </div>
      <dl>
        <dt>{t('info.carrier')}</dt>
        <dd>{d.carrier ?? none}</dd>
        <dt>{t('info.status')}</dt>
        <dd>{statusText(d.status_text) || none}</dd>
        <dt>{t('info.route')}</dt>
        <dd>
          {portLabel(d.pol) || none} → {portLabel(d.pod) || none}
        </dd>
        <dt>{d.ata ? t('info.ata') : t('info.eta')}</dt>
        <dd>{formatDate(d.ata ?? d.eta, none)}</dd>
        <dt>{t('info.health')}</dt>
        <dd>
          <span className={`map-where-health map-where-health--${d.health}`}>{healthText(d.health)}</span>
        </dd>
        {d.free_time && (
          <>
            <dt>{t(`info.freeTime.${d.free_time.clock}`)}</dt>
            <dd data-testid="map-info-free-time">
              <span className={`map-where-ft map-where-ft--${d.free_time.state}`}>
                {freeTimeText(d.free_time)}
              </span>
            </dd>
          </>
        )}
        {d.vessel && d.vessel !== vessel?.name && (
          <>
            <dt>{t('info.vessel')}</dt>
            <dd>
              {d.vessel}
              {d.next_port ? ` → ${d.next_port}` : ''}
            </dd>
          </>
        )}
      </dl>
    </li>
  );

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
        <ul className="map-where-info__list">{details.filter((d) => !here.has(d.id)).map(item)}</ul>
      )}
      {selection.total > ids.length && details && (
        <p className="map-where-info__more">{t('info.more', { count: selection.total - ids.length })}</p>
      )}
      {hereIds.length > 0 && details && (
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
    </div>
  );
}
