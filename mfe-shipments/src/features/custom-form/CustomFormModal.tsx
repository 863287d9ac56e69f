// The Custom Form modal: fields built from the shipment's form schema (or the company default); Save only when
// the data changed; Cancel closes.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorToNotificationBody,
  shipmentsApi,
  type Shipment,
  type ShipmentAttachment,
} from '@portal/shared-api';
import { useMutation } from '@portal/shared-api/queries';
import { Button, Checkbox, Modal, notifyError, notifySuccess, Select, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { valueText } from '../../lib/format';
import { canonical, formFields, formSchemaOf, type FormField } from './schema';

type Data = Record<string, unknown>;

export interface CustomFormModalProps {
  shipment: Shipment | null;
  onClose: () => void;
  onSaved: (data: Data) => void;
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: FormField;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { t } = useTranslation(NS);
  if (field.type === 'boolean') {
    return <Checkbox label={field.label} checked={value === true} onChange={onChange} />;
  }
  if (field.options) {
    return (
      <Select
        label={field.label}
        value={valueText(value)}
        placeholder=""
        options={field.options.map((o) => ({ value: o, label: o }))}
        onChange={(v) => onChange(v === '' ? undefined : v)}
      />
    );
  }
  const numeric = field.type === 'number' || field.type === 'integer';
  const text = valueText(value);
  const bad = numeric && text !== '' && !Number.isFinite(Number(text));
  return (
    <TextInput
      label={field.label}
      value={text}
      inputMode={numeric ? 'decimal' : undefined}
      error={bad ? t('customForm.invalidNumber') : undefined}
      onChange={(e) => {
        const raw = e.target.value;
        if (!numeric) onChange(raw);
        else onChange(raw === '' ? undefined : Number.isFinite(Number(raw)) ? Number(raw) : raw);
      }}
    />
  );
}

export function CustomFormModal({ shipment, onClose, onSaved }: CustomFormModalProps) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const schema = shipment ? formSchemaOf(shipment) : null;
  const fields = useMemo(() => (schema ? formFields(schema) : []), [schema]);
  const initial = useMemo<Data>(
    () => (shipment?.sf_data && typeof shipment.sf_data === 'object' ? { ...shipment.sf_data } : {}),
    [shipment],
  );
  const [data, setData] = useState<Data>(initial);
  const saving = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ShipmentAttachment }) =>
      shipmentsApi.saveAttachment(id, body),
  });
  const busy = saving.isPending;
  useEffect(() => setData(initial), [initial]);

  const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== ''));
  const changed = canonical(clean) !== canonical(initial);
  const invalid = fields.some((f) => {
    const v = clean[f.name];
    if (f.required && (v === undefined || v === false)) return f.type !== 'boolean';
    return (f.type === 'number' || f.type === 'integer') && v !== undefined && typeof v !== 'number';
  });

  const save = async () => {
    if (!shipment || !schema || !changed) return;
    try {
      await saving.mutateAsync({ id: shipment.id, body: { schema_form: schema, sf_data: clean } });
      notifySuccess(tc('notifications.savedTitle'), tc('notifications.success'));
      onSaved(clean);
      onClose();
    } catch (error) {
      notifyError(tc('errors.title'), errorToNotificationBody(error));
    }
  };

  return (
    <Modal
      open={shipment !== null}
      onClose={onClose}
      title={`${t('customForm.title')} · ${shipment?.container_number ?? ''}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button
            onClick={() => void save()}
            busy={busy}
            disabled={!changed || invalid}
            data-testid="custom-form-save"
          >
            {tc('actions.save')}
          </Button>
        </>
      }
    >
      {fields.length === 0 ? (
        <p>{t('customForm.empty')}</p>
      ) : (
        <div className="shp-form">
          {fields.map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              value={data[field.name]}
              onChange={(v) => setData((prev) => ({ ...prev, [field.name]: v }))}
            />
          ))}
        </div>
      )}
    </Modal>
  );
}
