// The info window's texts that follow rules: a port as "name (LOCODE)", and the running free-time clock in words.
import type { TFunction } from 'i18next';
import { formatDate } from '@portal/shared-ui';
import type { PointDetail, PortRef } from '../../lib/map-api';

/** A port as "name (LOCODE)", its name alone without a LOCODE, '' for none. */
export const portLabel = (p: PortRef | null) => (p ? (p.locode ? `${p.name} (${p.locode})` : p.name) : '');

/** The running free-time clock in words: days left or over, and the last free day (`none` without one). */
export function freeTimeText(t: TFunction, f: NonNullable<PointDetail['free_time']>, none: string): string {
  const lfd = formatDate(f.lfd, none);
  const days = f.days_left ?? 0;
  if (days === 0) return t('info.freeTime.today', { lfd });
  return days < 0
    ? t('info.freeTime.over', { count: -days, lfd })
    : t('info.freeTime.left', { count: days, lfd });
}
