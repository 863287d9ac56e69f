// A pair of yyyy-MM-dd dates (…_after / …_before) for a list filter; a bad date says 'Invalid date' and is
// not applied.
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@portal/shared-ui';
import { isIsoDate } from './dates';
import { LISTS_NS } from './i18n';
import { ensureListStyles } from './styles';

export interface DateRange {
  after: string;
  before: string;
}

export interface DateRangeFilterProps {
  legend: ReactNode;
  after: string;
  before: string;
  /** Called with valid dates only ('' for none). */
  onChange: (range: DateRange) => void;
  /** Prefix of the input ids and names, e.g. 'created_at' gives created_at_after / created_at_before. */
  name: string;
  disabled?: boolean;
}

interface DateFieldProps {
  id: string;
  label: string;
  value: string;
  onValid: (value: string) => void;
  disabled?: boolean;
}

function DateField({ id, label, value, onValid, disabled }: DateFieldProps) {
  const { t } = useTranslation(LISTS_NS);
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    setDraft(value);
    setTouched(false);
  }, [value]);
  const bad = draft !== '' && !isIsoDate(draft);
  // Complain once the text is long enough to be a date, or when the field is left.
  const showError = bad && (touched || draft.length >= 10);
  return (
    <TextInput
      id={id}
      name={id}
      label={label}
      value={draft}
      placeholder={t('dateRange.placeholder')}
      inputMode="numeric"
      maxLength={10}
      autoComplete="off"
      disabled={disabled}
      error={showError ? t('dateRange.invalid') : undefined}
      onChange={(event) => {
        const next = event.target.value.trim();
        setDraft(next);
        if (next === '' || isIsoDate(next)) onValid(next);
      }}
      onBlur={() => setTouched(true)}
    />
  );
}

export function DateRangeFilter({ legend, after, before, onChange, name, disabled }: DateRangeFilterProps) {
  ensureListStyles();
  const { t } = useTranslation(LISTS_NS);
  return (
    <fieldset className="pui-date-range">
      <legend>{legend}</legend>
      <div className="pui-date-range__inputs">
        <DateField
          id={`${name}_after`}
          label={t('dateRange.after')}
          value={after}
          disabled={disabled}
          onValid={(value) => onChange({ after: value, before })}
        />
        <DateField
          id={`${name}_before`}
          label={t('dateRange.before')}
          value={before}
          disabled={disabled}
          onValid={(value) => onChange({ after, before: value })}
        />
      </div>
    </fieldset>
  );
}
