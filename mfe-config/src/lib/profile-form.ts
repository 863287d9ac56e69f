// The alert settings of a user profile as a form (spec sections 3 and 5): the portal's version (dashboard
// counts and the lists' health) and the e-mail report's version (the alert digest). Pure functions, tested.
import type { UserProfile } from '@portal/shared-api';

/** The max_days_* thresholds of spec section 3, in the order the form shows them. */
export const MAX_DAYS = [
  'max_days_in_pol_planned_initial',
  'max_days_in_pol_planned_last',
  'max_days_in_tsp',
  'max_days_in_tsp_planned_initial',
  'max_days_in_tsp_planned_last',
  'max_days_in_pod_planned_initial',
  'max_days_in_pod_planned_last',
  'max_days_eta_pod_discrepancy',
  'max_days_eta_dlv_discrepancy',
] as const;
export type MaxDays = (typeof MAX_DAYS)[number];

/** Where each threshold of the form lives in the profile, for the portal and for the e-mail report. */
export type Channel = 'portal' | 'email';

const fieldName = {
  daysOfDelay: (c: Channel) => (c === 'portal' ? 'days_of_delay' : 'email_report_days_of_delay'),
  daysInAdvance: (c: Channel) => (c === 'portal' ? 'days_in_advance' : 'email_report_days_in_advance'),
  codes: (c: Channel) =>
    c === 'portal' ? 'attention_required_event_codes' : 'email_report_attention_required_event_codes',
  risk: (c: Channel) =>
    c === 'portal' ? 'pod_timeofarrival_warning_risk' : 'email_pod_timeofarrival_warning_risk',
  maxDays: (c: Channel, key: MaxDays) => (c === 'portal' ? key : `email_report_${key}`),
} as const;

/** What one channel's part of the form holds: numbers as typed text ('' = empty). */
export interface AlertForm {
  daysOfDelay: string;
  /** Shown negative, as stored (e.g. '-2'). */
  daysInAdvance: string;
  codes: number[];
  /** '' (no warning check), '1' low, '2' high. */
  risk: '' | '1' | '2';
  maxDays: Record<MaxDays, string>;
  /**
   * E-mail channel only: "e-mail me when an arrival moves by more than N hours" ('' = off). Not part of the
   * digest's settings, so "same as the portal" neither compares nor copies it.
   */
  etaChangeHours?: string;
}

/** Bounds of the ETA-change e-mail threshold, in hours (the API's). */
export const ETA_CHANGE_HOURS = { min: 1, max: 720 } as const;
const ETA_CHANGE_FIELD = 'eta_change_alert_hours';

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function alertFormOf(profile: UserProfile, channel: Channel): AlertForm {
  const p = profile as unknown as Record<string, unknown>;
  const maxDays = {} as Record<MaxDays, string>;
  for (const key of MAX_DAYS) maxDays[key] = text(p[fieldName.maxDays(channel, key)] as number | null);
  const risk = p[fieldName.risk(channel)];
  const advance = p[fieldName.daysInAdvance(channel)] as number;
  return {
    daysOfDelay: text(p[fieldName.daysOfDelay(channel)] as number),
    daysInAdvance: text(advance === undefined ? -1 : -Math.abs(advance)),
    codes: [...((p[fieldName.codes(channel)] as number[] | undefined) ?? [])],
    risk: risk === 1 ? '1' : risk === 2 ? '2' : '',
    maxDays,
    ...(channel === 'email' ? { etaChangeHours: text(p[ETA_CHANGE_FIELD] as number | null) } : {}),
  };
}

/**
 * The PATCH body of one channel. Empty thresholds are sent as null (spec section 5); days in advance is sent
 * negative whatever sign was typed; an empty days of delay or days in advance is left out (the server keeps
 * its value, the field shows its own error).
 */
export function patchOf(form: AlertForm, channel: Channel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  const delay = num(form.daysOfDelay);
  if (delay !== null) out[fieldName.daysOfDelay(channel)] = delay;
  const advance = num(form.daysInAdvance);
  if (advance !== null) out[fieldName.daysInAdvance(channel)] = advance === 0 ? 0 : -Math.abs(advance);
  out[fieldName.codes(channel)] = [...form.codes];
  out[fieldName.risk(channel)] = form.risk === '' ? null : Number(form.risk);
  for (const key of MAX_DAYS) out[fieldName.maxDays(channel, key)] = num(form.maxDays[key]);
  if (channel === 'email' && form.etaChangeHours !== undefined)
    out[ETA_CHANGE_FIELD] = num(form.etaChangeHours);
  return out;
}

/** True when both channels hold the same settings (the report is "the same as the portal"). */
export function sameSettings(a: AlertForm, b: AlertForm): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}
const normalise = ({ etaChangeHours: _own, ...f }: AlertForm) => ({
  ...f,
  codes: [...f.codes].sort((x, y) => x - y),
});

/** A copy of `form` (for the "same as the portal" shortcut). */
export const copyForm = (form: AlertForm): AlertForm => ({
  ...form,
  codes: [...form.codes],
  maxDays: { ...form.maxDays },
});

/**
 * Server errors of one channel, keyed by the form's own names (so each message lands under its field).
 * `errors` is the 400 body ({field: [messages]}).
 */
export function channelErrors(errors: Record<string, string[]>, channel: Channel): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const take = (from: string, to: string) => {
    if (errors[from]?.length) out[to] = errors[from];
  };
  take(fieldName.daysOfDelay(channel), 'daysOfDelay');
  take(fieldName.daysInAdvance(channel), 'daysInAdvance');
  take(fieldName.codes(channel), 'codes');
  take(fieldName.risk(channel), 'risk');
  for (const key of MAX_DAYS) take(fieldName.maxDays(channel, key), key);
  if (channel === 'email') take(ETA_CHANGE_FIELD, 'etaChangeHours');
  return out;
}

/** Bounds of "warn N days before the last free day" (the API's; migrations/0033). */
export const FREE_TIME_WARNING_DAYS = { min: 0, max: 60 } as const;
const FREE_TIME_WARNING_FIELD = 'free_time_warning_days';

/** The free-time warning of a profile as the field shows it (3, the API's default, when absent). */
export function freeTimeWarningOf(profile: UserProfile): string {
  const days = (profile as unknown as Record<string, unknown>)[FREE_TIME_WARNING_FIELD];
  return typeof days === 'number' ? String(days) : '3';
}

/** Its part of the PATCH body: left out while the field is empty (the page holds Save then). */
export function freeTimeWarningPatch(value: string): Record<string, number> {
  return value.trim() === '' ? {} : { [FREE_TIME_WARNING_FIELD]: Number(value) };
}

/** Report e-mail tags: split on spaces (spec section 5: no container format check; the server checks e-mails). */
export const REPORT_EMAIL_SPLIT = /\s+/;
