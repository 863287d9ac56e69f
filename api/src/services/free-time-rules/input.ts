// A rule from a JSON body: the body's fields over the rule being changed (PATCH) or over the defaults (POST, PUT),
// codes upper-cased and empty strings read as "any". Switching the mode clears the other mode's days and tiers
// the body does not name, so a PATCH {mode: 'combined', combined_free_days: 10} is enough.
import type { FreeTimeTier } from '@portal/shared-api/domain';
import type { FreeTimeRuleInput } from './check';

export type RuleBody = Partial<{ [K in keyof FreeTimeRuleInput]: FreeTimeRuleInput[K] | null }>;

export const RULE_DEFAULTS: FreeTimeRuleInput = {
  carrier_id: null,
  pod_locode: null,
  container_type: null,
  mode: 'separate',
  demurrage_free_days: null,
  detention_free_days: null,
  combined_free_days: null,
  day_count: 'calendar',
  demurrage_start: 'event_day',
  demurrage_stop: 'gate_out',
  detention_start: 'event_day',
  demurrage_tiers: [],
  detention_tiers: [],
  combined_tiers: [],
  currency: '',
};

const code = (value: string | null | undefined): string | null => {
  const text = value?.trim().toUpperCase();
  return text ? text : null;
};

const tiers = (value: FreeTimeTier[] | null | undefined): FreeTimeTier[] =>
  (value ?? []).map((t) => ({ from_day: t.from_day, to_day: t.to_day ?? null, rate: t.rate }));

/** The rule a write would leave: `body` over `base` (the current rule, or the defaults). */
export function mergeRule(base: FreeTimeRuleInput, body: RuleBody): FreeTimeRuleInput {
  const has = (key: keyof RuleBody) => body[key] !== undefined;
  // Only the rule's own fields (the answer of a rule also carries names and dates).
  const out = Object.fromEntries(
    (Object.keys(RULE_DEFAULTS) as Array<keyof FreeTimeRuleInput>).map((k) => [k, base[k]]),
  ) as unknown as FreeTimeRuleInput;
  if (has('carrier_id')) out.carrier_id = body.carrier_id ?? null;
  if (has('pod_locode')) out.pod_locode = code(body.pod_locode);
  if (has('container_type')) out.container_type = code(body.container_type);
  if (body.mode) out.mode = body.mode;
  for (const key of ['demurrage_free_days', 'detention_free_days', 'combined_free_days'] as const) {
    if (has(key)) out[key] = body[key] ?? null;
  }
  for (const key of ['day_count', 'demurrage_start', 'demurrage_stop', 'detention_start'] as const) {
    if (body[key]) (out as unknown as Record<string, unknown>)[key] = body[key];
  }
  for (const key of ['demurrage_tiers', 'detention_tiers', 'combined_tiers'] as const) {
    if (has(key)) out[key] = tiers(body[key]);
  }
  if (has('currency')) out.currency = code(body.currency) ?? '';
  if (out.mode !== base.mode) {
    const cleared =
      out.mode === 'combined'
        ? (['demurrage_free_days', 'detention_free_days'] as const)
        : (['combined_free_days'] as const);
    for (const key of cleared) if (!has(key)) out[key] = null;
    const clearedTiers =
      out.mode === 'combined'
        ? (['demurrage_tiers', 'detention_tiers'] as const)
        : (['combined_tiers'] as const);
    for (const key of clearedTiers) if (!has(key)) out[key] = [];
  }
  return out;
}
