// The health of a request's shipments: how many are on track, later than expected, need attention.
import { useTranslation } from 'react-i18next';
import type { ShipmentsHealthCounts } from '@portal/shared-api';
import { NS } from '../../i18n';
import { NONE } from '../../lib/format';

const KEYS = ['ontrack', 'delayed', 'alerted'] as const;

export function HealthCounts({ counts }: { counts: ShipmentsHealthCounts | null | undefined }) {
  const { t } = useTranslation(NS);
  const shown = KEYS.filter((key) => (counts?.[key] ?? 0) > 0);
  if (!counts || shown.length === 0) return <span className="trk-muted">{NONE}</span>;
  return (
    <span className="trk-health">
      {shown.map((key) => (
        <span key={key} className={`trk-health__dot trk-health--${key}`} title={t(`health.${key}`)}>
          {counts[key]}
          <span className="pui-visually-hidden"> {t(`health.${key}`)}</span>
        </span>
      ))}
    </span>
  );
}
