// The rules a free-time rule must keep, shared by the JSON API and the spreadsheet import so both give the same
// messages: free days per mode, tariffs in contiguous tiers from day 1 with the last one open-ended, a real
// ISO 4217 currency, and a scope whose carrier, port and container type exist. Lookups (carriers, ports) come
// in as sets so a whole import is checked with two queries.
import {
  FREE_TIME_CONTAINER_TYPES,
  type FreeTimeDayCount,
  type FreeTimeDemurrageStop,
  type FreeTimeMode,
  type FreeTimeStart,
  type FreeTimeTier,
} from '@portal/shared-api/domain';
import { ErrorCollector, MESSAGES } from '../../lib/errors';

export const MAX_FREE_DAYS = 365;
export const MAX_TIERS = 10;
/** A rate per day beyond which a value is surely a typing mistake (and stays inside numeric(12,2) costs). */
export const MAX_RATE = 100_000;
/** A tier's day numbers: a container a thousand days over free time is not a tariff question any more. */
export const MAX_TIER_DAY = 1000;
/** Rules one company may keep (the import's row limit too). */
export const MAX_RULES = 2000;

export interface FreeTimeRuleInput {
  carrier_id: number | null;
  pod_locode: string | null;
  container_type: string | null;
  mode: FreeTimeMode;
  demurrage_free_days: number | null;
  detention_free_days: number | null;
  combined_free_days: number | null;
  day_count: FreeTimeDayCount;
  demurrage_start: FreeTimeStart;
  demurrage_stop: FreeTimeDemurrageStop;
  detention_start: FreeTimeStart;
  demurrage_tiers: FreeTimeTier[];
  detention_tiers: FreeTimeTier[];
  combined_tiers: FreeTimeTier[];
  currency: string;
}

type DaysField = 'demurrage_free_days' | 'detention_free_days' | 'combined_free_days';

const SEPARATE_FIELDS = {
  days: ['demurrage_free_days', 'detention_free_days'],
  tiers: ['demurrage_tiers', 'detention_tiers'],
} as const;
const COMBINED_FIELDS = { days: ['combined_free_days'], tiers: ['combined_tiers'] } as const;

export const RULE_MESSAGES = {
  requiredSeparate: 'Required when demurrage and detention are separate.',
  requiredCombined: 'Required when the free time is combined.',
  emptySeparate: 'Leave this field empty when demurrage and detention are separate.',
  emptyCombined: 'Leave this field empty when the free time is combined.',
  min: (n: number) => `Ensure this value is greater than or equal to ${n}.`,
  max: (n: number) => `Ensure this value is less than or equal to ${n}.`,
  tooManyTiers: `At most ${MAX_TIERS} tiers.`,
  firstTier: 'Tier 1: the first tier starts at day 1.',
  tierDays: (n: number) => `Tier ${n}: days are whole numbers from 1 to ${MAX_TIER_DAY}.`,
  tierReversed: (n: number) => `Tier ${n}: the last day is before the first day.`,
  tierOverlap: (n: number, from: number, prevTo: number) =>
    `Tier ${n}: starts at day ${from}, but the previous tier ends at day ${prevTo} (the tiers overlap).`,
  tierGap: (n: number, from: number, prevTo: number) =>
    `Tier ${n}: starts at day ${from}, but the previous tier ends at day ${prevTo} (the days between have no rate).`,
  tierOpenNotLast: (n: number) => `Tier ${n}: only the last tier can be open-ended.`,
  lastTierClosed: (n: number) => `Tier ${n}: the last tier must be open-ended (leave its last day empty).`,
  tierRateNegative: (n: number) => `Tier ${n}: the rate cannot be negative.`,
  tierRateTooHigh: (n: number) => `Tier ${n}: the rate must be at most ${MAX_RATE}.`,
  tierRateNumber: (n: number) => `Tier ${n}: the rate must be a number.`,
  currency: (c: string) => `"${c}" is not an ISO 4217 currency code (e.g. EUR, USD).`,
  unknownCarrierId: (id: number) => `Invalid pk "${id}" - object does not exist.`,
  unknownPort: (p: string) => `Unknown port "${p}": use the UN/LOCODE of a port (e.g. ESVLC).`,
  containerType: (t: string) =>
    `"${t}" is not a container type: use one of ${FREE_TIME_CONTAINER_TYPES.join(', ')}.`,
  duplicateScope: 'A rule for this carrier, port and container type already exists.',
  tooManyRules: (n: number) => `A company can have at most ${n} free-time rules.`,
} as const;

let currencies: ReadonlySet<string> | undefined;
/** The ISO 4217 codes the runtime knows (the same list Intl.NumberFormat formats on screen). */
function isCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

const isContainerType = (value: string) => (FREE_TIME_CONTAINER_TYPES as readonly string[]).includes(value);

/** Tier problems, by message; an empty list means a valid tariff (no tiers at all is valid: no cost). */
export function tierProblems(tiers: readonly FreeTimeTier[]): string[] {
  if (tiers.length === 0) return [];
  if (tiers.length > MAX_TIERS) return [RULE_MESSAGES.tooManyTiers];
  const out: string[] = [];
  const isDay = (d: unknown) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= MAX_TIER_DAY;
  tiers.forEach((tier, i) => {
    const n = i + 1;
    const last = i === tiers.length - 1;
    if (!isDay(tier.from_day) || (tier.to_day !== null && !isDay(tier.to_day))) {
      out.push(RULE_MESSAGES.tierDays(n));
    } else {
      if (tier.to_day !== null && tier.to_day < tier.from_day) out.push(RULE_MESSAGES.tierReversed(n));
      if (i === 0 && tier.from_day !== 1) out.push(RULE_MESSAGES.firstTier);
      const prev = tiers[i - 1];
      if (prev && prev.to_day !== null && Number.isInteger(prev.to_day)) {
        if (tier.from_day <= prev.to_day) out.push(RULE_MESSAGES.tierOverlap(n, tier.from_day, prev.to_day));
        else if (tier.from_day > prev.to_day + 1)
          out.push(RULE_MESSAGES.tierGap(n, tier.from_day, prev.to_day));
      }
      if (tier.to_day === null && !last) out.push(RULE_MESSAGES.tierOpenNotLast(n));
      if (tier.to_day !== null && last) out.push(RULE_MESSAGES.lastTierClosed(n));
    }
    if (typeof tier.rate !== 'number' || !Number.isFinite(tier.rate))
      out.push(RULE_MESSAGES.tierRateNumber(n));
    else if (tier.rate < 0) out.push(RULE_MESSAGES.tierRateNegative(n));
    else if (tier.rate > MAX_RATE) out.push(RULE_MESSAGES.tierRateTooHigh(n));
  });
  return out;
}

function checkDays(problems: ErrorCollector, field: DaysField, value: number | null, required: string) {
  if (value === null || value === undefined) problems.add(field, required);
  else if (!Number.isInteger(value)) problems.add(field, 'A valid integer is required.');
  else if (value < 0) problems.add(field, RULE_MESSAGES.min(0));
  else if (value > MAX_FREE_DAYS) problems.add(field, RULE_MESSAGES.max(MAX_FREE_DAYS));
}

/** What the scope's lookups found: carrier ids and port LOCODEs that exist. */
export interface ScopeRefs {
  carrierIds: ReadonlySet<number>;
  portLocodes: ReadonlySet<string>;
}

/**
 * Checks one rule (already normalised: upper-case codes, null for "any") and adds its problems to `problems`.
 * The duplicate scope is checked by the caller (it needs the company's other rules).
 */
export function checkRule(input: FreeTimeRuleInput, refs: ScopeRefs, problems: ErrorCollector): void {
  const inMode = input.mode === 'combined' ? COMBINED_FIELDS : SEPARATE_FIELDS;
  const other = input.mode === 'combined' ? SEPARATE_FIELDS : COMBINED_FIELDS;
  const required =
    input.mode === 'combined' ? RULE_MESSAGES.requiredCombined : RULE_MESSAGES.requiredSeparate;
  const leaveEmpty = input.mode === 'combined' ? RULE_MESSAGES.emptyCombined : RULE_MESSAGES.emptySeparate;
  for (const field of inMode.days) checkDays(problems, field, input[field], required);
  for (const field of other.days) if (input[field] !== null) problems.add(field, leaveEmpty);
  for (const field of inMode.tiers) for (const m of tierProblems(input[field])) problems.add(field, m);
  for (const field of other.tiers) if (input[field].length > 0) problems.add(field, leaveEmpty);
  if (input.currency === '') problems.add('currency', MESSAGES.required);
  else if (!isCurrency(input.currency)) problems.add('currency', RULE_MESSAGES.currency(input.currency));
  if (input.carrier_id !== null && !refs.carrierIds.has(input.carrier_id)) {
    problems.add('carrier_id', RULE_MESSAGES.unknownCarrierId(input.carrier_id));
  }
  if (input.pod_locode !== null && !refs.portLocodes.has(input.pod_locode)) {
    problems.add('pod_locode', RULE_MESSAGES.unknownPort(input.pod_locode));
  }
  if (input.container_type !== null && !isContainerType(input.container_type)) {
    problems.add('container_type', RULE_MESSAGES.containerType(input.container_type));
  }
}

/** The key of a rule's scope (the unique index's expression). */
export const scopeKey = (r: Pick<FreeTimeRuleInput, 'carrier_id' | 'pod_locode' | 'container_type'>) =>
  `${r.carrier_id ?? 0}|${r.pod_locode ?? ''}|${r.container_type ?? ''}`;
