// The legend in the map's corner: the three families of cluster icons, sizes, single markers and vessels. Folded
// until the user opens it, at every width (open, it covered markers in the corner), and folded again when an info
// window opens (which may sit where the legend is).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { FAMILY_COLORS } from './palette';

/** `folded`: while an info window is open (it may sit where the legend is). */
export function MapLegend({ folded = false }: { folded?: boolean }) {
  const { t } = useTranslation(NS);
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (folded && ref.current) ref.current.open = false;
  }, [folded]);
  return (
    <details ref={ref} className="map-where-legend" data-testid="map-legend">
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
