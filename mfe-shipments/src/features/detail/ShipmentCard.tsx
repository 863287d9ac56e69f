// The shipment card: container, type size, booking, B/L, client code, carrier, custom form values, project,
// status text, and a link to its tracking request.
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@portal/shared-api';
import { shipmentHealthText } from '@portal/shared-ui/lists';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import { formValues } from '../custom-form/schema';
import { statusText } from '../list/columns';

export function ShipmentCard({ shipment: s }: { shipment: Shipment }) {
  const { t } = useTranslation(NS);
  const project = typeof s.project_name === 'string' ? s.project_name : null;
  const rows: [string, React.ReactNode][] = [
    [t('detail.card.typeSize'), s.container_type_str || s.container_type_iso],
    [t('detail.card.booking'), s.booking_number],
    [t('detail.card.bl'), s.bl_number],
    [t('detail.card.clientCode'), s.client_code],
    [
      t('detail.card.carrier'),
      [s.carrier_name, s.carrier_scac && `(${s.carrier_scac})`].filter(Boolean).join(' '),
    ],
    [t('detail.card.project'), project],
    [t('detail.card.status'), statusText(t, s.status_verbose)],
    [
      t('detail.card.health'),
      <span key="h" className={`shp-health shp-health--${s.health}`}>
        {shipmentHealthText(t, s.health)}
      </span>,
    ],
    ...formValues(s).map(({ label, value }): [string, React.ReactNode] => [
      `${t('detail.card.customForm')}: ${label}`,
      value,
    ]),
    [
      t('detail.card.trackingRequest'),
      <Link
        key="tr"
        className="shp-link"
        to={`/tracking-requests/${s.tracking_request}`}
        data-testid="tracking-request-link"
      >
        {t('detail.card.trackingRequestLink', { id: s.tracking_request })}
      </Link>,
    ],
  ];
  return (
    <section className="shp-panel shp-card" data-testid="shipment-card">
      <h2>
        {t('detail.card.container')}: <span className="shp-card__container">{s.container_number}</span>
      </h2>
      <dl>
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
