// One channel's alert settings (the portal's, or the e-mail report's): days of delay and in advance, the
// attention-required events, the POD arrival warning risk and every max-days threshold, each with a line
// saying what it watches. Numbers are kept as typed and checked (thresholds at least 1, whole days, within the
// API's integers), each refusal said under its field (ThresholdInput); `onValidityChange` lets the page hold
// Save while a number is not acceptable.
import type { EventCodeFull } from '../../lib/api';
import type { AlertForm, Channel } from '../../lib/profile-form';
import { AttentionGroup, DelayGroup, EtaChangeGroup } from './AlertSettingsRows';
import { useFieldValidity } from './field-validity';

export interface AlertSettingsProps {
  channel: Channel;
  form: AlertForm;
  onChange: (form: AlertForm) => void;
  codes: EventCodeFull[];
  /** Server messages keyed by the form's names (daysOfDelay, codes, max_days_in_tsp, …). */
  errors: Record<string, string[]>;
  onValidityChange: (valid: boolean) => void;
}

export function AlertSettings({
  channel,
  form,
  onChange,
  codes,
  errors,
  onValidityChange,
}: AlertSettingsProps) {
  const validity = useFieldValidity(onValidityChange);
  const group = { form, onChange, errors, validity, id: (name: string) => `cfg-${channel}-${name}` };
  return (
    <div className="cfg-alerts" data-testid={`cfg-${channel}-alerts`}>
      <DelayGroup {...group} />
      <AttentionGroup {...group} codes={codes} />
      {form.etaChangeHours !== undefined && <EtaChangeGroup {...group} />}
    </div>
  );
}
