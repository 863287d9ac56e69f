// The groups of one channel's alert settings: delay (days of delay and in advance), attention (events, POD
// arrival risk, max-days thresholds) and the ETA change warning. Each row says what it watches.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { EventCodeFull } from '../../lib/api';
import { ETA_CHANGE_HOURS, MAX_DAYS, type AlertForm, type MaxDays } from '../../lib/profile-form';
import { EventCodePicker } from './EventCodePicker';
import { negativeAdvance } from './field-validity';
import { INT4_MAX, ThresholdInput } from './ThresholdInput';

export interface AlertGroupProps {
  form: AlertForm;
  onChange: (form: AlertForm) => void;
  errors: Record<string, string[]>;
  validity: (key: string) => (valid: boolean) => void;
  /** The element id (and test id) of a field of this channel. */
  id: (name: string) => string;
}

function Row({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <div className="cfg-threshold">
      <div className="cfg-threshold__text">
        <strong>{title}</strong>
        <p>{help}</p>
      </div>
      <div>{children}</div>
    </div>
  );
}

function useThresholdMessages() {
  const { t } = useTranslation(NS);
  return {
    number: t('userConfig.numbers.number'),
    min: t('userConfig.numbers.min', { min: 1 }),
    max: t('userConfig.numbers.max', { max: String(INT4_MAX) }),
  };
}

export function DelayGroup({ form, onChange, errors, validity, id }: AlertGroupProps) {
  const { t } = useTranslation(NS);
  const days = t('userConfig.daysUnit');
  const thresholdMessages = useThresholdMessages();
  const advanceMessages = {
    number: t('userConfig.numbers.advanceNumber'),
    min: t('userConfig.numbers.min', { min: String(-INT4_MAX) }),
    max: t('userConfig.numbers.advanceMax'),
  };
  return (
    <>
      <h3>{t('userConfig.delayGroup')}</h3>
      <Row title={t('userConfig.daysOfDelay')} help={t('userConfig.daysOfDelayHelp')}>
        <ThresholdInput
          aria-label={`${t('userConfig.daysOfDelay')} (${days})`}
          value={form.daysOfDelay}
          min={1}
          max={INT4_MAX}
          messages={thresholdMessages}
          onValueChange={(v) => onChange({ ...form, daysOfDelay: v })}
          onValidityChange={validity('daysOfDelay')}
          error={errors.daysOfDelay}
          data-testid={id('days_of_delay')}
        />
      </Row>
      <Row title={t('userConfig.daysInAdvance')} help={t('userConfig.daysInAdvanceHelp')}>
        <ThresholdInput
          aria-label={`${t('userConfig.daysInAdvance')} (${days})`}
          value={form.daysInAdvance}
          min={-INT4_MAX}
          max={-1}
          messages={advanceMessages}
          onValueChange={(v) => onChange({ ...form, daysInAdvance: v })}
          onValidityChange={validity('daysInAdvance')}
          onBlur={(e) => {
            const negative = negativeAdvance(e.currentTarget.value);
            if (negative !== null) onChange({ ...form, daysInAdvance: negative });
          }}
          error={errors.daysInAdvance}
          data-testid={id('days_in_advance')}
        />
      </Row>
    </>
  );
}

export function AttentionGroup({
  form,
  onChange,
  errors,
  validity,
  id,
  codes,
}: AlertGroupProps & { codes: EventCodeFull[] }) {
  const { t } = useTranslation(NS);
  const days = t('userConfig.daysUnit');
  const thresholdMessages = useThresholdMessages();
  const setMax = (key: MaxDays, value: string) =>
    onChange({ ...form, maxDays: { ...form.maxDays, [key]: value } });
  return (
    <>
      <h3>{t('userConfig.attentionGroup')}</h3>
      <p className="cfg-muted">{t('userConfig.attentionIntro')}</p>
      <EventCodePicker
        codes={codes}
        value={form.codes}
        onChange={(next) => onChange({ ...form, codes: next })}
        error={errors.codes}
        testId={id('codes')}
      />
      <Row title={t('userConfig.risk')} help={t('userConfig.riskHelp')}>
        <Select
          label={t('userConfig.riskLevel')}
          value={form.risk}
          onChange={(v) => onChange({ ...form, risk: v as AlertForm['risk'] })}
          options={[
            { value: '', label: t('userConfig.riskNone') },
            { value: '1', label: t('userConfig.riskLow') },
            { value: '2', label: t('userConfig.riskHigh') },
          ]}
          error={errors.risk}
          id={id('risk')}
        />
      </Row>
      {MAX_DAYS.map((key) => (
        <Row key={key} title={t(`userConfig.maxDays.${key}`)} help={t(`userConfig.maxDaysHelp.${key}`)}>
          <ThresholdInput
            aria-label={`${t(`userConfig.maxDays.${key}`)} (${days})`}
            value={form.maxDays[key]}
            min={1}
            max={INT4_MAX}
            messages={thresholdMessages}
            placeholder={t('userConfig.empty')}
            onValueChange={(v) => setMax(key, v)}
            onValidityChange={validity(key)}
            error={errors[key]}
            data-testid={id(key)}
          />
        </Row>
      ))}
    </>
  );
}

/** The ETA change warning, for the channels that have it. */
export function EtaChangeGroup({ form, onChange, errors, validity, id }: AlertGroupProps) {
  const { t } = useTranslation(NS);
  return (
    <>
      <h3>{t('userConfig.etaChangeGroup')}</h3>
      <Row title={t('userConfig.etaChange')} help={t('userConfig.etaChangeHelp')}>
        <ThresholdInput
          aria-label={`${t('userConfig.etaChange')} (${t('userConfig.hoursUnit')})`}
          value={form.etaChangeHours ?? ''}
          min={ETA_CHANGE_HOURS.min}
          max={ETA_CHANGE_HOURS.max}
          messages={{
            number: t('userConfig.etaChangeNumbers.number'),
            min: t('userConfig.etaChangeNumbers.min', { min: ETA_CHANGE_HOURS.min }),
            max: t('userConfig.etaChangeNumbers.max', { max: ETA_CHANGE_HOURS.max }),
          }}
          placeholder={t('userConfig.empty')}
          onValueChange={(v) => onChange({ ...form, etaChangeHours: v })}
          onValidityChange={validity('etaChangeHours')}
          error={errors.etaChangeHours}
          data-testid={id('eta_change_alert_hours')}
        />
      </Row>
    </>
  );
}
