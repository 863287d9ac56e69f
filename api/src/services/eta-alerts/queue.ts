// The engine's side of the ETA-change e-mails: when a derivation moves a shipment's arrival (the carrier's ETA
// at POD, or the last planned delivery), the users of its company whose threshold the move exceeds get one
// queue row each, written in the shipment's own transaction so a rolled-back derivation queues nothing.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

/** The derived columns watched, and the milestone each one is the arrival of. */
const WATCHED_COLUMNS = { eta: 'pod', delivery_planned_last: 'delivery' } as const;

interface DateChange {
  column: string;
  old: Date | null;
  new: Date | null;
}

/**
 * Queues the arrival moves among `changes` (the milestone changes of one derivation) for every subscribed
 * user of the company: one INSERT … SELECT per shipment, and none when no watched date moved. A date set for
 * the first time, or cleared, is no move. Every active user with a role sees all the company's shipments in
 * the list (its only visibility rule), so the company is the audience.
 */
export async function queueEtaChanges(
  trx: Transaction<Database>,
  companyId: number,
  shipmentId: string,
  changes: readonly DateChange[],
): Promise<void> {
  const moves = changes.filter(
    (c): c is DateChange & { old: Date; new: Date } =>
      c.column in WATCHED_COLUMNS && c.old !== null && c.new !== null,
  );
  if (moves.length === 0) return;
  const milestones = moves.map((c) => WATCHED_COLUMNS[c.column as keyof typeof WATCHED_COLUMNS]);
  await sql`
    INSERT INTO eta_change_alerts (user_id, shipment_id, milestone, old_value, new_value)
    SELECT p.id, ${shipmentId}::bigint, c.milestone, c.old_value, c.new_value
    FROM unnest(${milestones}::text[], ${moves.map((c) => c.old.toISOString())}::timestamptz[],
                ${moves.map((c) => c.new.toISOString())}::timestamptz[]) AS c (milestone, old_value, new_value)
    JOIN user_profiles p ON p.company_id = ${companyId} AND p.eta_change_alert_hours IS NOT NULL
      AND p.role_id IS NOT NULL
      AND abs(extract(epoch FROM c.new_value - c.old_value)) > p.eta_change_alert_hours * 3600
    JOIN users u ON u.id = p.id AND u.is_active`.execute(trx);
}
