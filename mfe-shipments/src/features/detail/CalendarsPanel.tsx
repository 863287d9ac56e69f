// The detail page's calendars: the actual dates, and on demand (Show/Hide) the planned ones above them.
import { useTranslation } from 'react-i18next';
import type { ShipmentDetail } from '@portal/shared-api';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { StatusCalendar } from './StatusCalendar';

interface Props {
  shipment: ShipmentDetail;
  showPlanned: boolean;
  onTogglePlanned: () => void;
}

export function CalendarsPanel({ shipment, showPlanned, onTogglePlanned }: Props) {
  const { t } = useTranslation(NS);
  return (
    <section className="shp-panel" aria-labelledby="shp-calendars">
      <div className="shp-calendar-head">
        <h2 id="shp-calendars">{t(showPlanned ? 'detail.calendar.planned' : 'detail.calendar.actual')}</h2>
        <div className="shp-legend">
          <span className="shp-date--real">{t('detail.calendar.real')}</span>
          <span className="shp-date--planned">{t('detail.calendar.plannedDate')}</span>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={showPlanned}
          onClick={onTogglePlanned}
          data-testid="toggle-planned"
        >
          {showPlanned ? t('detail.calendar.hidePlanned') : t('detail.calendar.showPlanned')}
        </Button>
      </div>
      {showPlanned && (
        <>
          <StatusCalendar shipment={shipment} mode="planned" />
          <h2 style={{ margin: '16px 0 8px', fontSize: 'var(--pui-font-size-lg)' }}>
            {t('detail.calendar.actual')}
          </h2>
        </>
      )}
      <StatusCalendar shipment={shipment} mode="actual" />
    </section>
  );
}
