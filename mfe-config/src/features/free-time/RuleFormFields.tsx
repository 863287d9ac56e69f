// The fields of the free-time rule dialog: the scope (carrier, port, container type), the clocks (mode, free days,
// day count, starts and stops), the currency and the tariffs.
import { useTranslation } from 'react-i18next';
import { FREE_TIME_CONTAINER_TYPES } from '@portal/shared-api/domain';
import { Select, TextInput } from '@portal/shared-ui';
import { useCarriers } from '@portal/shared-api/queries';
import { NS } from '../../i18n';
import { tierFieldsOf, tierLabelKey, type RuleForm } from './rule-form';
import { TierRows } from './TierRows';

export interface RuleFieldsProps {
  form: RuleForm;
  set: <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => void;
  errors: Record<string, string[]>;
}

export function RuleScopeFields({ form, set, errors }: RuleFieldsProps) {
  const { t } = useTranslation(NS);
  const carriers = useCarriers();
  const any = t('freeTime.any');
  return (
    <>
      <Select
        label={t('freeTime.form.carrier')}
        value={form.carrier_id}
        placeholder={any}
        error={errors.carrier_id}
        options={carriers.map((c) => ({ value: String(c.id), label: `${c.short_name} (${c.scac})` }))}
        onChange={(v) => set('carrier_id', v)}
      />
      <TextInput
        label={t('freeTime.form.port')}
        hint={t('freeTime.form.portHint')}
        value={form.pod_locode}
        maxLength={5}
        error={errors.pod_locode}
        onChange={(e) => set('pod_locode', e.target.value.toUpperCase())}
        data-testid="ft-pod"
      />
      <Select
        label={t('freeTime.form.containerType')}
        value={form.container_type}
        placeholder={any}
        error={errors.container_type}
        options={FREE_TIME_CONTAINER_TYPES.map((c) => ({ value: c, label: c }))}
        onChange={(v) => set('container_type', v)}
      />
    </>
  );
}

type DaysKey = 'demurrage_free_days' | 'detention_free_days' | 'combined_free_days';

function DaysInput({ form, set, errors, field, label }: RuleFieldsProps & { field: DaysKey; label: string }) {
  return (
    <TextInput
      label={label}
      value={form[field]}
      inputMode="numeric"
      maxLength={4}
      error={errors[field]}
      onChange={(e) => set(field, e.target.value)}
      data-testid={`ft-${field}`}
    />
  );
}

export function RuleClockFields(props: RuleFieldsProps) {
  const { form, set } = props;
  const { t } = useTranslation(NS);
  const choices = <K extends string>(keys: readonly K[], group: string) =>
    keys.map((k) => ({ value: k, label: t(`freeTime.form.${group}.${k}`) }));
  const separate = form.mode === 'separate';
  return (
    <>
      <Select
        label={t('freeTime.form.mode')}
        value={form.mode}
        options={choices(['separate', 'combined'], 'modes')}
        onChange={(v) => set('mode', v as RuleForm['mode'])}
      />
      {separate ? (
        <DaysInput {...props} field="demurrage_free_days" label={t('freeTime.form.demurrageDays')} />
      ) : (
        <DaysInput {...props} field="combined_free_days" label={t('freeTime.form.combinedDays')} />
      )}
      {separate && (
        <DaysInput {...props} field="detention_free_days" label={t('freeTime.form.detentionDays')} />
      )}
      <Select
        label={t('freeTime.form.dayCount')}
        value={form.day_count}
        options={(['calendar', 'working'] as const).map((k) => ({
          value: k,
          label: t(`freeTime.dayCounts.${k}`),
        }))}
        onChange={(v) => set('day_count', v as RuleForm['day_count'])}
      />
      <Select
        label={t('freeTime.form.demurrageStart')}
        value={form.demurrage_start}
        options={choices(['event_day', 'next_day'], 'starts')}
        onChange={(v) => set('demurrage_start', v as RuleForm['demurrage_start'])}
      />
      {separate && (
        <Select
          label={t('freeTime.form.demurrageStop')}
          value={form.demurrage_stop}
          options={choices(['gate_out', 'delivery'], 'stops')}
          onChange={(v) => set('demurrage_stop', v as RuleForm['demurrage_stop'])}
        />
      )}
      {separate && (
        <Select
          label={t('freeTime.form.detentionStart')}
          value={form.detention_start}
          options={choices(['event_day', 'next_day'], 'starts')}
          onChange={(v) => set('detention_start', v as RuleForm['detention_start'])}
        />
      )}
    </>
  );
}

export function RuleTariffFields({ form, set, errors }: RuleFieldsProps) {
  const { t } = useTranslation(NS);
  return (
    <>
      <TextInput
        label={t('freeTime.form.currency')}
        hint={t('freeTime.form.currencyHint')}
        value={form.currency}
        maxLength={3}
        error={errors.currency}
        onChange={(e) => set('currency', e.target.value.toUpperCase())}
        data-testid="ft-currency"
      />
      <div className="ft-wide">
        {tierFieldsOf(form.mode).map((f) => (
          <TierRows
            key={f}
            field={f}
            rows={form[f]}
            error={errors[f]}
            onChange={(r) => set(f, r)}
            label={t(`freeTime.form.${tierLabelKey(f)}`)}
          />
        ))}
      </div>
    </>
  );
}
