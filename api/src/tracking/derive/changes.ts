// The change history of the milestone dates: which date columns a new derivation changes, from what,
// to what, and the carrier event behind the new value.
import { MILESTONE_READINGS, MILESTONES } from '@portal/shared-api/domain';
import type { DerivedShipment, MilestoneChange } from './types';

/**
 * Columns whose changes are recorded: every milestone date except the predictions (recomputed from
 * `now` on each run, they would flood the history), plus eta / ata / etd / atd.
 */
const HISTORY_COLUMNS: readonly string[] = [
  ...MILESTONES.flatMap((m) => MILESTONE_READINGS.filter((k) => k !== 'prediction').map((k) => `${m}_${k}`)),
  'eta',
  'ata',
  'etd',
  'atd',
];

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/**
 * The date columns that differ between the stored row (`previous`: Date, ISO string or null values;
 * null for a new shipment, whose every set date is then a change from null) and the new derivation.
 */
export function milestoneChanges(
  previous: Record<string, unknown> | null,
  next: DerivedShipment,
): MilestoneChange[] {
  const columns = next.columns as unknown as Record<string, Date | null>;
  const changes: MilestoneChange[] = [];
  for (const column of HISTORY_COLUMNS) {
    const old = toDate(previous?.[column]);
    const value = columns[column] ?? null;
    if ((old?.getTime() ?? null) === (value?.getTime() ?? null)) continue;
    changes.push({ column, old, new: value, eventId: value ? (next.sources[column] ?? null) : null });
  }
  return changes;
}
