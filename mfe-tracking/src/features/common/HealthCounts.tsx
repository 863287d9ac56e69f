// The health of a request's shipments: how many are on track, later than expected, need attention.
import type { ShipmentsHealthCounts } from '@portal/shared-api';
import { HEALTH_VALUES } from '@portal/shared-api/domain';
import { useShipmentHealthText } from '@portal/shared-ui/lists';
import { NONE } from '../../lib/format';

export interface HealthCountsProps {
  counts: ShipmentsHealthCounts | null | undefined;
  /** Say each count in words ('1 On track'), where there is room (the detail page); the list shows dots. */
  withLabels?: boolean;
}

export function HealthCounts({ counts, withLabels = false }: HealthCountsProps) {
  const healthText = useShipmentHealthText();
  const shown = HEALTH_VALUES.filter((key) => (counts?.[key] ?? 0) > 0);
  if (!counts || shown.length === 0) return <span className="trk-muted">{NONE}</span>;
  return (
    <span className="trk-health">
      {shown.map((key) => (
        <span key={key} className={`trk-health__dot trk-health--${key}`} title={healthText(key)}>
          {counts[key]}
          <span className={withLabels ? 'trk-health__label' : 'pui-visually-hidden'}> {healthText(key)}</span>
        </span>
      ))}
    </span>
  );
}
