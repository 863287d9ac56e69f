// "Warn me N days before the last free day" (user_profiles.free_time_warning_days, 0–60, default 3): one number
// for the dashboard's count of containers whose free time ends soon and for the e-mail digest's free-time
// section, so it sits in its own card beside the two channels' alert thresholds. Kept as typed, refused with the
// field's message (ThresholdInput); empty is refused too (the API has no "off" for it). `onValidityChange` lets
// the page hold Save meanwhile.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { FREE_TIME_WARNING_DAYS } from '../../lib/profile-form';
import { ThresholdInput } from './ThresholdInput';

export interface FreeTimeWarningSettingProps {
  /** The applied value: a whole number as text, or '' while the field is empty. */
  value: string;
  onChange: (value: string) => void;
  onValidityChange: (valid: boolean) => void;
  /** The server's messages for free_time_warning_days. */
  error?: string[];
}

export function FreeTimeWarningSetting({
  value,
  onChange,
  onValidityChange,
  error,
}: FreeTimeWarningSettingProps) {
  const { t } = useTranslation(NS);
  const [typedValid, setTypedValid] = useState(true);
  const empty = value.trim() === '';
  const valid = typedValid && !empty;
  useEffect(() => onValidityChange(valid), [valid, onValidityChange]);
  const { min, max } = FREE_TIME_WARNING_DAYS;
  const messages = [
    ...(typedValid && empty ? [t('freeTimeWarning.numbers.required')] : []),
    ...(error ?? []),
  ];
  return (
    <section className="cfg-card" aria-labelledby="cfg-free-time-title">
      <h2 id="cfg-free-time-title">{t('freeTimeWarning.title')}</h2>
      <p className="cfg-muted">{t('freeTimeWarning.intro')}</p>
      <div className="cfg-threshold">
        <div className="cfg-threshold__text">
          <strong>{t('freeTimeWarning.field')}</strong>
          <p>{t('freeTimeWarning.help')}</p>
        </div>
        <div>
          <ThresholdInput
            aria-label={`${t('freeTimeWarning.field')} (${t('freeTimeWarning.daysUnit')})`}
            value={value}
            min={min}
            max={max}
            messages={{
              number: t('freeTimeWarning.numbers.number'),
              min: t('freeTimeWarning.numbers.min', { min }),
              max: t('freeTimeWarning.numbers.max', { max }),
            }}
            onValueChange={onChange}
            onValidityChange={setTypedValid}
            error={messages.length ? messages : undefined}
            data-testid="cfg-free_time_warning_days"
          />
        </div>
      </div>
    </section>
  );
}
