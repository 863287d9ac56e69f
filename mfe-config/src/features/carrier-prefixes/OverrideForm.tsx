// The form that adds an override: which numbers, the prefix (upper case as typed) and one of the active carriers.
// The API checks everything and its messages appear under the fields; the form stays on the same numbers and
// carrier after an add, so that several leased prefixes of one carrier go in one after the other.
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCarriers } from '@portal/shared-api/queries';
import { Button, Select, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { OVERRIDE_KINDS, type OverrideDraft, type OverrideKind } from './api';

export interface OverrideFormProps {
  errors: Record<string, string[]>;
  busy: boolean;
  /** No more overrides may be added: the fields are disabled. */
  full: boolean;
  onAdd: (draft: OverrideDraft) => Promise<boolean>;
}

export function OverrideForm({ errors, busy, full, onAdd }: OverrideFormProps) {
  const { t } = useTranslation(NS);
  const carriers = useCarriers();
  const [kind, setKind] = useState<OverrideKind>('container');
  const [prefix, setPrefix] = useState('');
  const [carrier, setCarrier] = useState('');
  const options = useMemo(
    () =>
      [...carriers]
        .sort((a, b) => a.official_name.localeCompare(b.official_name))
        .map((c) => ({ value: String(c.id), label: `${c.official_name} (${c.scac})` })),
    [carriers],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onAdd({ kind, prefix: prefix.trim() || null, carrier_id: carrier ? Number(carrier) : null }).then(
      (added) => {
        if (added) setPrefix('');
      },
    );
  };

  return (
    <form className="cpo-form" onSubmit={submit} noValidate data-testid="cpo-form">
      <Select
        id="cpo-kind"
        label={t('carrierPrefixes.kind')}
        value={kind}
        options={OVERRIDE_KINDS.map((k) => ({ value: k, label: t(`carrierPrefixes.kinds.${k}`) }))}
        onChange={(v) => setKind(v as OverrideKind)}
        error={errors.kind}
        disabled={full}
      />
      <TextInput
        id="cpo-prefix"
        label={t('carrierPrefixes.prefix')}
        hint={t('carrierPrefixes.prefixHint')}
        value={prefix}
        maxLength={4}
        autoComplete="off"
        spellCheck={false}
        fieldClassName="cpo-prefix"
        onChange={(e) => setPrefix(e.target.value.toUpperCase())}
        error={errors.prefix}
        disabled={full}
        data-testid="cpo-prefix"
      />
      <Select
        id="cpo-carrier"
        label={t('carrierPrefixes.carrier')}
        value={carrier}
        placeholder={t('carrierPrefixes.carrierPlaceholder')}
        options={options}
        onChange={setCarrier}
        error={errors.carrier_id}
        disabled={full}
      />
      <Button type="submit" className="cpo-form__submit" busy={busy} disabled={full} data-testid="cpo-add">
        {t('carrierPrefixes.add')}
      </Button>
    </form>
  );
}
