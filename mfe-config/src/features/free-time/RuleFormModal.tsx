// The create / edit dialog of a free-time rule: scope, mode with its free days, how days count, when the clocks
// start and stop, the rates in tier rows (add / remove) and the currency. Save sends the rule; the API's messages
// appear under the fields they concern (tier messages under their tariff).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { RuleForm } from './rule-form';
import { RuleClockFields, RuleScopeFields, RuleTariffFields } from './RuleFormFields';

type Errors = Record<string, string[]>;

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
  const [form, setForm] = useState<RuleForm>(initial);
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(form);
  };
  const fields = { form, set, errors };
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
        <RuleScopeFields {...fields} />
        <RuleClockFields {...fields} />
        <RuleTariffFields {...fields} />
      </form>
    </Modal>
  );
}
