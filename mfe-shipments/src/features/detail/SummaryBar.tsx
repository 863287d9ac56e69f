// The summary bar: POL, up to four transshipment ports and POD in order; the last position linking to an external
// map at zoom 5; ATA if known else ETA with the day delta; voyage and vessel of up to five legs.
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@portal/shared-api';
import { NS } from '../../i18n';
import { formatDate } from '../../lib/format';
import { Flag } from './Flag';
import { arrivalSummary, formatDelta, mapsLink, summaryLegs, summaryPorts } from './summary';

export function SummaryBar({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation(NS);
  const arrival = arrivalSummary(shipment);
  const legs = summaryLegs(shipment);
  const coords = shipment.last_coordinates;
  const delta = formatDelta(arrival.delta);
  const deltaClass =
    arrival.delta === null || arrival.delta === 0
      ? ''
      : arrival.delta > 0
        ? ' shp-delta--late'
        : ' shp-delta--early';
  return (
    <section
      className="shp-panel shp-summary"
      aria-label={t('detail.summary.label')}
      data-testid="summary-bar"
    >
      <RouteList shipment={shipment} />
      <div className="shp-facts">
        <div className="shp-fact">
          <span>{arrival.kind ? t(`detail.summary.${arrival.kind}`) : t('detail.summary.eta')}</span>
          <strong data-testid="summary-arrival">
            {arrival.date ? formatDate(arrival.date) : t('detail.summary.noArrival')}
            {delta && (
              <span
                className={`shp-delta${deltaClass}`}
                title={t('detail.summary.delta')}
                data-testid="summary-delta"
              >
                {delta}
              </span>
            )}
          </strong>
        </div>
        <div className="shp-fact">
          <span>{t('detail.summary.lastCoordinates')}</span>
          {coords ? (
            <a
              className="shp-link"
              href={mapsLink(coords)}
              target="_blank"
              rel="noreferrer noopener"
              title={t('detail.summary.openMap')}
              data-testid="summary-coordinates"
            >
              {coords.lat.toFixed(4)}, {coords.lng.toFixed(4)} ↗
            </a>
          ) : (
            <span className="shp-muted">{t('detail.summary.noPosition')}</span>
          )}
        </div>
        {legs.length > 0 && (
          <div className="shp-fact">
            <span>{t('detail.summary.legs')}</span>
            <ul className="shp-legs">
              {legs.map((leg) => (
                <li key={leg.index} data-testid="summary-leg">
                  <span className="shp-muted">{t('detail.summary.leg', { n: leg.index })}:</span>{' '}
                  {[leg.voyage, leg.vessel?.name].filter(Boolean).join(' · ')}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

/** POL, the transshipment ports and POD, in order. */
function RouteList({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation(NS);
  const ports = summaryPorts(shipment);
  return (
    <ol className="shp-route" aria-label={t('detail.summary.route')}>
      {ports.map(({ role, index, port }) => (
        <li key={`${role}${index ?? ''}`} data-testid="summary-port">
          <span className="shp-port" title={port.display || port.name}>
            <small>
              {role === 'tsp' ? t('detail.summary.tsp', { n: index }) : t(`detail.summary.${role}`)}
            </small>
            <Flag iso2={port.country_iso2} />
            {port.locode || port.name}
          </span>
        </li>
      ))}
    </ol>
  );
}
