// The legend in the map's corner: the three families of cluster icons, sizes, single markers and vessels. Open
// by default on wide screens, folded on narrow ones and while an info window is open.
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { FAMILY_COLORS } from './palette';

/** `folded`: while an info window is open (it may sit where the legend is). */
export function MapLegend({ folded = false }: { folded?: boolean }) {
  const { t } = useTranslation(NS);
  const mobile = useIsMobile();
  return (
    <details
      key={folded ? 'folded' : 'open'}
      className="map-where-legend"
      open={!mobile && !folded}
      data-testid="map-legend"
    >
      <summary>{t('legend.title')}</summary>
      <ul>
        {(['ontrack', 'late', 'attention'] as const).map((family) => (
          <li key={family}>
            <span
              className="map-where-swatch"
              style={{ background: FAMILY_COLORS[family] }}
              aria-hidden="true"
            />
            {t(`legend.${family}`)}
          </li>
        ))}
        <li>
          <span className="map-where-swatch map-where-swatch--big" aria-hidden="true" />
          {t('legend.cluster')}
        </li>
        <li>
          <span className="map-where-swatch map-where-swatch--small" aria-hidden="true" />
          {t('legend.single')}
        </li>
        <li>
          <span className="map-where-ship" aria-hidden="true" />
          {t('legend.vessel')}
        </li>
      </ul>
    </details>
  );
}
