// The rate tiers of one tariff of a free-time rule: rows of from / to / rate (add up to ten, remove any).
import { useTranslation } from 'react-i18next';
import { Button, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { nextTier, type TierField, type TierRow } from './rule-form';

export function TierRows({
  field,
  label,
  rows,
  error,
  onChange,
}: {
  field: TierField;
  label: string;
  rows: TierRow[];
  error?: string[];
  onChange: (rows: TierRow[]) => void;
}) {
  const { t } = useTranslation(NS);
  const set = (i: number, key: keyof TierRow, value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  return (
    <fieldset className="ft-tiers" data-testid={`ft-${field}`}>
      <legend>{label}</legend>
      <p className="cfg-muted">{t('freeTime.form.tiersHint')}</p>
      {rows.map((row, i) => (
        <div className="ft-tier" key={i}>
          <TextInput
            label={t('freeTime.form.from')}
            value={row.from}
            inputMode="numeric"
            maxLength={4}
            onChange={(e) => set(i, 'from', e.target.value)}
            data-testid={`ft-${field}-${i}-from`}
          />
          <TextInput
            label={t('freeTime.form.to')}
            value={row.to}
            inputMode="numeric"
            maxLength={4}
            onChange={(e) => set(i, 'to', e.target.value)}
            data-testid={`ft-${field}-${i}-to`}
          />
          <TextInput
            label={t('freeTime.form.rate')}
            value={row.rate}
            inputMode="decimal"
            maxLength={12}
            onChange={(e) => set(i, 'rate', e.target.value)}
            data-testid={`ft-${field}-${i}-rate`}
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            aria-label={t('freeTime.form.removeTier', { n: i + 1 })}
          >
            ✕
          </Button>
        </div>
      ))}
      {rows.length < 10 && (
        <Button
          type="button"
          variant="secondary"
          onClick={() => onChange([...rows, nextTier(rows)])}
          data-testid={`ft-${field}-add`}
        >
          {t('freeTime.form.addTier')}
        </Button>
      )}
      {error?.map((m) => (
        <p key={m} role="alert" className="pui-field__error">
          {m}
        </p>
      ))}
    </fieldset>
  );
}
