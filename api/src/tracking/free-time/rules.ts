// The rule that applies to a container: among the company's rules whose scope fits it (null = any), the most
// specific, scored 4 for a carrier, 2 for a port of discharge and 1 for a container type. A carrier beats a
// port, a port beats a type, and two rules never tie: the exact scope is unique per company (migration 0033).
import type { FreeTimeContainerType, FreeTimeTier } from '@portal/shared-api/domain';
import { parseTiers } from './tiers';

export interface FreeTimeRule {
  id: number;
  carrier_id: number | null;
  pod_locode: string | null;
  container_type: string | null;
  mode: 'separate' | 'combined';
  demurrage_free_days: number | null;
  detention_free_days: number | null;
  combined_free_days: number | null;
  day_count: 'calendar' | 'working';
  demurrage_start: 'event_day' | 'next_day';
  demurrage_stop: 'gate_out' | 'delivery';
  detention_start: 'event_day' | 'next_day';
  demurrage_tiers: FreeTimeTier[];
  detention_tiers: FreeTimeTier[];
  combined_tiers: FreeTimeTier[];
  currency: string;
}

export interface RuleScope {
  carrier_id: number | null;
  pod_locode: string | null;
  container_type: FreeTimeContainerType | null;
}

/** 4·carrier + 2·port + 1·type; -1 when the rule does not fit. */
function ruleScore(rule: Pick<FreeTimeRule, 'carrier_id' | 'pod_locode' | 'container_type'>, s: RuleScope) {
  if (rule.carrier_id !== null && rule.carrier_id !== s.carrier_id) return -1;
  if (rule.pod_locode !== null && rule.pod_locode !== s.pod_locode) return -1;
  if (rule.container_type !== null && rule.container_type !== s.container_type) return -1;
  return (
    (rule.carrier_id !== null ? 4 : 0) + (rule.pod_locode !== null ? 2 : 0) + (rule.container_type ? 1 : 0)
  );
}

/** The most specific fitting rule (the lowest id on an impossible tie, so the answer is stable). */
export function matchRule<R extends FreeTimeRule>(rules: readonly R[], scope: RuleScope): R | null {
  let best: R | null = null;
  let bestScore = -1;
  for (const rule of rules) {
    const score = ruleScore(rule, scope);
    if (score > bestScore || (score === bestScore && best && score >= 0 && rule.id < best.id)) {
      best = rule;
      bestScore = score;
    }
  }
  return bestScore >= 0 ? best : null;
}

/** A free_time_rules row as the clocks read it (tiers parsed from jsonb). */
export function toRule(
  row: Omit<FreeTimeRule, 'demurrage_tiers' | 'detention_tiers' | 'combined_tiers'> & {
    demurrage_tiers: unknown;
    detention_tiers: unknown;
    combined_tiers: unknown;
  },
): FreeTimeRule {
  return {
    ...row,
    demurrage_tiers: parseTiers(row.demurrage_tiers),
    detention_tiers: parseTiers(row.detention_tiers),
    combined_tiers: parseTiers(row.combined_tiers),
  };
}
