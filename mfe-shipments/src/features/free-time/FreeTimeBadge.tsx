// The state of a free-time clock as a coloured badge (over in red, running near its last free day in amber).
import { useTranslation } from 'react-i18next';
import type { FreeTimeClockState } from '@portal/shared-api/domain';
import { freeTimeTone } from './format';
import { FREE_TIME_NS } from './i18n';

export function FreeTimeBadge({ state, daysLeft }: { state: FreeTimeClockState; daysLeft?: number | null }) {
  const { t } = useTranslation(FREE_TIME_NS);
  return (
    <span
      className={`shp-ft-badge shp-ft-badge--${freeTimeTone(state, daysLeft)}`}
      data-testid="free-time-badge"
    >
      {t(`state.${state}`)}
    </span>
  );
}
