// The demo company's free-time rules: a default for any carrier, port and container, one for a carrier, one for
// a port and container type (in working days), and a combined free time at a port, with tariffs in EUR and USD.
// With the simulator's dwell (most containers inside free time, a tail over it) and the carriers that send their
// own last free days (MAEU, HLCU), the first start shows clocks not started, running, over and closed. Written
// straight into the table: the demo company has no manager session yet, and the rules API only adds validation
// these fixed rows pass anyway.
import type { Kysely } from 'kysely';
import type { FreeTimeTier } from '@portal/shared-api/domain';
import type { Database } from '../db/types';
import { requestFreeTimeRecompute } from '../tracking/free-time/recompute';

interface DemoRule {
  /** Carrier SCAC, port of discharge and container type group (absent = any). */
  scac?: string;
  pod?: string;
  type?: string;
  mode: 'separate' | 'combined';
  demurrage?: number;
  detention?: number;
  combined?: number;
  dayCount?: 'calendar' | 'working';
  start?: 'event_day' | 'next_day';
  demurrageTiers?: FreeTimeTier[];
  detentionTiers?: FreeTimeTier[];
  combinedTiers?: FreeTimeTier[];
  currency: 'EUR' | 'USD';
}

const tiers = (...t: Array<[number, number | null, number]>): FreeTimeTier[] =>
  t.map(([from_day, to_day, rate]) => ({ from_day, to_day, rate }));

export const DEMO_FREE_TIME_RULES: readonly DemoRule[] = [
  {
    mode: 'separate',
    demurrage: 5,
    detention: 10,
    demurrageTiers: tiers([1, 4, 80], [5, 9, 120], [10, null, 180]),
    detentionTiers: tiers([1, 5, 45], [6, null, 75]),
    currency: 'EUR',
  },
  {
    scac: 'MSCU',
    mode: 'separate',
    demurrage: 4,
    detention: 5,
    start: 'next_day',
    demurrageTiers: tiers([1, 5, 95], [6, null, 160]),
    detentionTiers: tiers([1, 7, 55], [8, null, 90]),
    currency: 'USD',
  },
  {
    pod: 'NLRTM',
    type: '40HC',
    mode: 'separate',
    demurrage: 3,
    detention: 7,
    dayCount: 'working',
    demurrageTiers: tiers([1, 3, 110], [4, null, 190]),
    detentionTiers: tiers([1, null, 60]),
    currency: 'EUR',
  },
  {
    pod: 'USNYC',
    mode: 'combined',
    combined: 10,
    combinedTiers: tiers([1, 5, 150], [6, 10, 225], [11, null, 300]),
    currency: 'USD',
  },
];

/** Writes the demo rules for a company (carriers it does not know are skipped) and asks for its clocks. */
export async function seedFreeTimeRules(db: Kysely<Database>, companyId: number): Promise<void> {
  const carriers = new Map(
    (await db.selectFrom('carriers').select(['id', 'scac']).execute()).map((c) => [c.scac, c.id]),
  );
  const rows = DEMO_FREE_TIME_RULES.filter((r) => !r.scac || carriers.has(r.scac)).map((r) => ({
    company_id: companyId,
    carrier_id: r.scac ? (carriers.get(r.scac) ?? null) : null,
    pod_locode: r.pod ?? null,
    container_type: r.type ?? null,
    mode: r.mode,
    demurrage_free_days: r.demurrage ?? null,
    detention_free_days: r.detention ?? null,
    combined_free_days: r.combined ?? null,
    day_count: r.dayCount ?? 'calendar',
    demurrage_start: r.start ?? 'event_day',
    detention_start: r.start ?? 'event_day',
    demurrage_tiers: JSON.stringify(r.demurrageTiers ?? []),
    detention_tiers: JSON.stringify(r.detentionTiers ?? []),
    combined_tiers: JSON.stringify(r.combinedTiers ?? []),
    currency: r.currency,
  }));
  if (rows.length) await db.insertInto('free_time_rules').values(rows).execute();
  // The engine computes each container's clocks as it saves it; this covers any the company already has.
  await requestFreeTimeRecompute(db, companyId);
}
