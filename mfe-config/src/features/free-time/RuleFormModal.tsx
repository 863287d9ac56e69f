// The create / edit dialog of a free-time rule: scope, mode with its free days, how days count, when the clocks
// start and stop, the rates in tier rows (add / remove) and the currency. Save sends the rule; the API's messages
// appear under the fields they concern (tier messages under their tariff).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FREE_TIME_CONTAINER_TYPES } from '@portal/shared-api/domain';
import { Button, Modal, Select, TextInput } from '@portal/shared-ui';
import { useCarriers } from '@portal/shared-api/queries';
import { NS } from '../../i18n';
import { nextTier, type RuleForm, type TierField, type TierRow } from './rule-form';

type Errors = Record<string, string[]>;

function TierRows({
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

export interface RuleFormModalProps {
  title: string;
  initial: RuleForm;
  errors: Errors;
  busy: boolean;
  onSave: (form: RuleForm) => void;
  onClose: () => void;
}

export function RuleFormModal({ title, initial, errors, busy, onSave, onClose }: RuleFormModalProps) {
  const { t } = useTranslation(NS);
  const carriers = useCarriers();
  const [form, setForm] = useState<RuleForm>(initial);
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const any = t('freeTime.any');
  const choices = <K extends string>(keys: readonly K[], group: string) =>
    keys.map((k) => ({ value: k, label: t(`freeTime.form.${group}.${k}`) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(form);
  };
  const separate = form.mode === 'separate';
  const days = (key: 'demurrage_free_days' | 'detention_free_days' | 'combined_free_days', label: string) => (
    <TextInput
      label={label}
      value={form[key]}
      inputMode="numeric"
      maxLength={4}
      error={errors[key]}
      onChange={(e) => set(key, e.target.value)}
      data-testid={`ft-${key}`}
    />
  );
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('freeTime.cancel')}
          </Button>
          <Button type="submit" form="ft-rule-form" disabled={busy} data-testid="ft-save">
            {t('freeTime.save')}
          </Button>
        </>
      }
    >
      <form id="ft-rule-form" className="ft-form" onSubmit={submit} noValidate>
        {errors.non_field_errors?.map((m) => (
          <p key={m} role="alert" className="pui-field__error ft-wide">
            {m}
          </p>
        ))}
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
        <Select
          label={t('freeTime.form.mode')}
          value={form.mode}
          options={choices(['separate', 'combined'], 'modes')}
          onChange={(v) => set('mode', v as RuleForm['mode'])}
        />
        {separate
          ? days('demurrage_free_days', t('freeTime.form.demurrageDays'))
          : days('combined_free_days', t('freeTime.form.combinedDays'))}
        {separate && days('detention_free_days', t('freeTime.form.detentionDays'))}
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
          {(separate ? (['demurrage_tiers', 'detention_tiers'] as const) : (['combined_tiers'] as const)).map(
            (f) => (
              <TierRows
                key={f}
                field={f}
                rows={form[f]}
                error={errors[f]}
                onChange={(r) => set(f, r)}
                label={t(
                  `freeTime.form.${f === 'demurrage_tiers' ? 'demurrageTiers' : f === 'detention_tiers' ? 'detentionTiers' : 'combinedTiers'}`,
                )}
              />
            ),
          )}
        </div>
      </form>
    </Modal>
  );
}
