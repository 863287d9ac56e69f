// One container of the info window: carrier, status, POL → POD, ETA/ATA, health, free time, vessel (unless it is
// the clicked vessel), and a Detail link to /shipments/{id}.
import { useTranslation } from 'react-i18next';
import { Link } from '@portal/shared-ui/router';
import { formatDate } from '@portal/shared-ui';
import { useShipmentHealthText, useShipmentStatusText } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import type { PointDetail } from '../../lib/map-api';
import { freeTimeText, portLabel } from './info-texts';

export interface InfoItemProps {
  detail: PointDetail;
  /** The clicked vessel's name (its containers do not repeat it). */
  vesselName?: string;
}

export function InfoItem({ detail: d, vesselName }: InfoItemProps) {
  const { t } = useTranslation(NS);
  const statusText = useShipmentStatusText();
  const healthText = useShipmentHealthText();
  const none = t('info.none');
  return (
    <li className="map-where-info__item" data-testid="map-info-item" data-id={d.id}>
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
                {freeTimeText(t, d.free_time, none)}
              </span>
            </dd>
          </>
        )}
        {d.vessel && d.vessel !== vesselName && (
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
}
