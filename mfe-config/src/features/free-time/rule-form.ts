// A free-time rule ⇄ the form's text fields, and the body the API takes. The API checks everything (its messages
// appear under the fields); the form only turns empty fields into "any" (null) and text into numbers.
import type { FreeTimeRule, FreeTimeRuleWrite } from './api';

export type TierField = 'demurrage_tiers' | 'detention_tiers' | 'combined_tiers';
export interface TierRow {
  from: string;
  to: string;
  rate: string;
}

export interface RuleForm {
  carrier_id: string;
  pod_locode: string;
  container_type: string;
  mode: 'separate' | 'combined';
  demurrage_free_days: string;
  detention_free_days: string;
  combined_free_days: string;
  day_count: 'calendar' | 'working';
  demurrage_start: 'event_day' | 'next_day';
  demurrage_stop: 'gate_out' | 'delivery';
  detention_start: 'event_day' | 'next_day';
  demurrage_tiers: TierRow[];
  detention_tiers: TierRow[];
  combined_tiers: TierRow[];
  currency: string;
}

export const EMPTY_FORM: RuleForm = {
  carrier_id: '',
  pod_locode: '',
  container_type: '',
  mode: 'separate',
  demurrage_free_days: '',
  detention_free_days: '',
  combined_free_days: '',
  day_count: 'calendar',
  demurrage_start: 'event_day',
  demurrage_stop: 'gate_out',
  detention_start: 'event_day',
  demurrage_tiers: [],
  detention_tiers: [],
  combined_tiers: [],
  currency: 'EUR',
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const rows = (tiers: FreeTimeRule['demurrage_tiers']): TierRow[] =>
  tiers.map((t) => ({ from: String(t.from_day), to: text(t.to_day), rate: String(t.rate) }));

export function formOf(rule: FreeTimeRule): RuleForm {
  return {
    carrier_id: text(rule.carrier_id),
    pod_locode: rule.pod_locode ?? '',
    container_type: rule.container_type ?? '',
    mode: rule.mode,
    demurrage_free_days: text(rule.demurrage_free_days),
    detention_free_days: text(rule.detention_free_days),
    combined_free_days: text(rule.combined_free_days),
    day_count: rule.day_count,
    demurrage_start: rule.demurrage_start,
    demurrage_stop: rule.demurrage_stop,
    detention_start: rule.detention_start,
    demurrage_tiers: rows(rule.demurrage_tiers),
    detention_tiers: rows(rule.detention_tiers),
    combined_tiers: rows(rule.combined_tiers),
    currency: rule.currency,
  };
}

/** '' → null; a number as typed (the API says what is wrong with it); decimal commas read as points. */
const num = (value: string): number | null => {
  const t = value.trim().replace(',', '.');
  return t === '' ? null : Number(t);
};

const tiersOf = (list: TierRow[]) =>
  list.map((r) => ({ from_day: num(r.from) ?? 0, to_day: num(r.to), rate: num(r.rate) ?? 0 }));

/** The body of POST / PUT: the fields of the other mode are sent empty. */
export function bodyOf(form: RuleForm): FreeTimeRuleWrite {
  const separate = form.mode === 'separate';
  return {
    carrier_id: num(form.carrier_id),
    pod_locode: form.pod_locode.trim() || null,
    container_type: form.container_type || null,
    mode: form.mode,
    demurrage_free_days: separate ? num(form.demurrage_free_days) : null,
    detention_free_days: separate ? num(form.detention_free_days) : null,
    combined_free_days: separate ? null : num(form.combined_free_days),
    day_count: form.day_count,
    demurrage_start: form.demurrage_start,
    demurrage_stop: form.demurrage_stop,
    detention_start: form.detention_start,
    demurrage_tiers: separate ? tiersOf(form.demurrage_tiers) : [],
    detention_tiers: separate ? tiersOf(form.detention_tiers) : [],
    combined_tiers: separate ? [] : tiersOf(form.combined_tiers),
    currency: form.currency.trim(),
  };
}

/** The next tier row: starting the day after the last one ends. */
export function nextTier(list: TierRow[]): TierRow {
  const last = list[list.length - 1];
  const end = last ? Number(last.to) : 0;
  return { from: last ? (Number.isFinite(end) && end > 0 ? String(end + 1) : '') : '1', to: '', rate: '' };
}

/** The tariffs a rule has: demurrage and detention when they count separately, one combined otherwise. */
export const tierFieldsOf = (mode: RuleForm['mode']): readonly TierField[] =>
  mode === 'separate' ? (['demurrage_tiers', 'detention_tiers'] as const) : (['combined_tiers'] as const);

/** The text key of a tariff's label (under freeTime.form). */
export const tierLabelKey = (field: TierField) =>
  field === 'demurrage_tiers'
    ? 'demurrageTiers'
    : field === 'detention_tiers'
      ? 'detentionTiers'
      : 'combinedTiers';
