// The list alternative of the map: the containers in view as a list (attention first, then late), each with a
// link to its shipment and a button that shows it on the map (its info window), so everything the map shows can
// be reached without a pointer and read by a screen reader. It follows the view once it has stopped moving.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@portal/shared-ui';
import { useShipmentHealthText, useShipmentStatusText } from '@portal/shared-ui/lists';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import type { PointDetail, PortRef } from '../../lib/map-api';
import type { MapData } from './cluster';
import { detailsKey, useListDetails } from './use-point-details';
import type { WhereMapHandle } from './where-map-types';

/** Containers listed at once (one details call); the rest are counted. */
const LIST_MAX = 50;
/** The view is read again this long after it stopped moving (ms): a few quick moves ask once. */
const SETTLE_MS = 250;

const port = (p: PortRef | null) => (p ? p.locode || p.name : '');

export interface VisibleListProps {
  id: string;
  handle: WhereMapHandle | null;
  data: MapData | null;
  /** Changes when the view or the data changed. */
  viewKey: number;
  /** Show one container on the map (by its index in the data). */
  onShow: (index: number) => void;
}

/** The points in view (read once the view has settled), null before the first read. */
function useVisiblePoints(handle: WhereMapHandle | null, data: MapData | null, viewKey: number) {
  const [visible, setVisible] = useState<{ points: number[]; total: number } | null>(null);
  useEffect(() => {
    if (!handle || !data) return;
    const timer = setTimeout(() => setVisible(handle.visiblePoints(LIST_MAX)), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [handle, data, viewKey]);
  return visible;
}

interface VisibleItemProps {
  shipmentId: number;
  /** Its details (not yet read: its id stands for it). */
  detail: PointDetail | undefined;
  onShow: () => void;
}

/** One container: a link to its shipment, its health, status, route and carrier, and a button to show it. */
function VisibleItem({ shipmentId, detail: d, onShow }: VisibleItemProps) {
  const { t } = useTranslation(NS);
  const statusText = useShipmentStatusText();
  const healthText = useShipmentHealthText();
  const name = d?.container_number ?? String(shipmentId);
  return (
    <li className="map-where-list__item" data-testid="map-list-item">
      <Link to={`/shipments/${shipmentId}`} className="map-where-list__link">
        {name}
      </Link>
      {d && (
        <span className="map-where-list__facts">
          <span className={`map-where-health map-where-health--${d.health}`}>{healthText(d.health)}</span>
          <span>{statusText(d.status_text)}</span>
          <span>
            {port(d.pol) || '-'} → {port(d.pod) || '-'}
          </span>
          {d.carrier && <span>{d.carrier}</span>}
        </span>
      )}
      <button
        type="button"
        className="map-where-list__show"
        onClick={onShow}
        aria-label={t('list.showOf', { container: name })}
        data-testid="map-list-show"
      >
        {t('list.show')}
      </button>
    </li>
  );
}

export function VisibleList({ id, handle, data, viewKey, onShow }: VisibleListProps) {
  const { t } = useTranslation(NS);
  const visible = useVisiblePoints(handle, data, viewKey);
  const ids = data && visible ? visible.points.map((i) => data.ids[i]) : [];
  const { details, failed } = useListDetails(detailsKey(ids));
  const total = visible?.total ?? 0;
  return (
    <section id={id} className="map-where-list" aria-labelledby={`${id}-title`} data-testid="map-list">
      <h2 id={`${id}-title`}>{t('list.title', { count: total })}</h2>
      {failed && <p role="alert">{t('info.error')}</p>}
      {!failed && (visible === null || details === null) && (
        <p>
          <Spinner size="sm" /> {t('info.loading')}
        </p>
      )}
      {!failed && visible && details && total === 0 && <p>{t('list.none')}</p>}
      {!failed && visible && details && total > 0 && (
        <>
          <ul className="map-where-list__items">
            {visible.points.map((index) => (
              <VisibleItem
                key={data!.ids[index]}
                shipmentId={data!.ids[index]}
                detail={details.get(data!.ids[index])}
                onShow={() => onShow(index)}
              />
            ))}
          </ul>
          {total > visible.points.length && (
            <p className="map-where-list__more">{t('list.more', { count: total - visible.points.length })}</p>
          )}
        </>
      )}
    </section>
  );
}
