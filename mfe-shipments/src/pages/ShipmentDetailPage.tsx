// The shipment detail (/shipments/{id}): card, summary bar, planned (Show/Hide) and actual calendars, timeline,
// change history, the route map widget of mfe_map loaded at run time, and Back.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorToNotificationBody, shipmentsApi, type ShipmentDetail } from '@portal/shared-api';
import { queryKeys, useQuery } from '@portal/shared-api/queries';
import { Button, notifyError, RemoteWidget, usePageSpinner, type RouteMapProps } from '@portal/shared-ui';
import { useBack, useParams } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { CalendarsPanel } from '../features/detail/CalendarsPanel';
import { ChangeHistory } from '../features/detail/ChangeHistory';
import { ShipmentCard } from '../features/detail/ShipmentCard';
import { ShareLinksCard } from '../features/detail/ShareLinksCard';
import { FreeTimeCard } from '../features/free-time/FreeTimeCard';
import { SummaryBar } from '../features/detail/SummaryBar';
import { Timeline } from '../features/detail/Timeline';
import { summaryPorts } from '../features/detail/summary';
import { ensureShipmentStyles } from '../lib/styles';

function routeMapProps(s: ShipmentDetail, label: string): RouteMapProps {
  const ports = summaryPorts(s)
    .filter(({ port }) => port.longitude !== null && port.latitude !== null)
    .map(({ port }) => ({
      lng: Number(port.longitude),
      lat: Number(port.latitude),
      label: port.locode || port.name,
    }));
  const last = s.current_vessel_position ?? s.last_coordinates;
  return {
    positions: s.positions,
    planned: s.planned_positions,
    ports,
    vessel: last
      ? { lng: last.lng, lat: last.lat, label: s.current_vessel?.name ?? s.container_number }
      : null,
    label,
  };
}

export function ShipmentDetailPage() {
  ensureShipmentStyles();
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const { id } = useParams();
  const shipmentId = Number(id);
  const valid = Number.isInteger(shipmentId) && shipmentId > 0;
  const [showPlanned, setShowPlanned] = useState(false);

  // an id that cannot exist is not asked for
  const { data: shipment, error } = useQuery({
    queryKey: queryKeys.shipments.detail(shipmentId),
    queryFn: ({ signal }) => shipmentsApi.get(shipmentId, signal),
    enabled: valid,
  });
  const state: 'loading' | 'ready' | 'missing' = !valid || error ? 'missing' : shipment ? 'ready' : 'loading';
  useEffect(() => {
    // an unknown shipment is said by the page itself; any other failure also gets a notice
    if (error && !(error instanceof ApiError && error.status === 404)) {
      notifyError(tc('errors.title'), errorToNotificationBody(error));
    }
    // a failure is told once, in the language of the moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const back = useBack('/shipments');
  // the whole page waits for the shipment: the shell's global spinner
  usePageSpinner(state === 'loading', t('detail.loading'));

  return (
    <section className="pui-page shp-page" data-testid="page-shipment-detail-page">
      <div className="shp-head">
        <h1>{t('detail.title', { id })}</h1>
        <Button variant="secondary" onClick={back} data-testid="detail-back">
          ← {t('detail.back')}
        </Button>
      </div>
      {state === 'missing' && (
        <p className="shp-panel" role="status" data-testid="detail-missing">
          {t('detail.notFound')}
        </p>
      )}
      {state === 'ready' && shipment && (
        <>
          <div className="shp-detail-grid">
            <ShipmentCard shipment={shipment} />
            <SummaryBar shipment={shipment} />
          </div>
          <FreeTimeCard freeTime={shipment.free_time} rule={shipment.free_time_rule} />
          <ShareLinksCard shipmentId={shipmentId} />
          <CalendarsPanel
            shipment={shipment}
            showPlanned={showPlanned}
            onTogglePlanned={() => setShowPlanned((v) => !v)}
          />
          <section className="shp-panel" aria-labelledby="shp-map-title">
            <h2 id="shp-map-title">{t('detail.map.title')}</h2>
            <div className="shp-map" data-testid="route-map-slot">
              <RemoteWidget<RouteMapProps>
                id="mfe_map/RouteMap"
                area={t('detail.map.title')}
                props={routeMapProps(shipment, t('detail.map.title'))}
              />
            </div>
          </section>
          <section className="shp-panel" aria-labelledby="shp-timeline-title">
            <h2 id="shp-timeline-title">{t('detail.timeline.title')}</h2>
            <Timeline events={shipment.events ?? []} />
          </section>
          <section className="shp-panel" aria-labelledby="shp-history-title">
            <h2 id="shp-history-title">{t('detail.history.title')}</h2>
            <ChangeHistory changes={shipment.date_changes ?? []} />
          </section>
        </>
      )}
    </section>
  );
}
