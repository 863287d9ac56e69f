// The values of a dashboard settings popover: days of delay and days in advance (out-of-date tab) or the
// attention-required event codes, refilled from the profile each time the popover opens.
import { useState } from 'react';
import { useSession, type UserProfilePatch } from '@portal/shared-api';
import { parseDays, showDaysInAdvance, storedDaysInAdvance } from './settings';

export type SettingsKind = 'delayed' | 'alerted';

export function useSettingsForm(kind: SettingsKind) {
  const profile = useSession((s) => s.user?.userprofile);
  const [open, setOpen] = useState(false);
  const [delay, setDelay] = useState('1');
  const [advance, setAdvance] = useState('-1');
  const [codes, setCodes] = useState<number[]>([]);
  // what NumberInput applies is a whole number (days of delay: 1 or more) or ''; a half-typed value is not
  // applied but makes the form invalid until it is a number
  const [delayTyped, setDelayTyped] = useState(true);
  const [advanceTyped, setAdvanceTyped] = useState(true);

  // Refilled from the profile each time the popover opens, in the same update that opens it: an effect would run
  // after the form is already on screen and overwrite what the user starts typing in that moment.
  const openChange = (next: boolean) => {
    if (next && profile) {
      setDelay(String(profile.days_of_delay ?? 1));
      setAdvance(showDaysInAdvance(profile.days_in_advance));
      setCodes(profile.attention_required_event_codes ?? []);
    }
    setOpen(next);
  };

  const delayN = delay === '' ? null : Number(delay);
  const advanceN = parseDays(advance);
  const invalid =
    kind === 'delayed' && (!delayTyped || !advanceTyped || delayN === null || advanceN === null);
  const patch = (): UserProfilePatch =>
    kind === 'delayed'
      ? { days_of_delay: delayN ?? 1, days_in_advance: storedDaysInAdvance(advanceN ?? 1) }
      : { attention_required_event_codes: codes };

  return {
    open,
    openChange,
    invalid,
    patch,
    delay: { value: delay, set: setDelay, typed: delayTyped, setTyped: setDelayTyped },
    advance: {
      value: advance,
      set: setAdvance,
      typed: advanceTyped,
      setTyped: setAdvanceTyped,
      days: advanceN,
    },
    codes: {
      chosen: codes,
      toggle: (code: number, on: boolean) =>
        setCodes((prev) => (on ? [...prev, code] : prev.filter((x) => x !== code))),
    },
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
