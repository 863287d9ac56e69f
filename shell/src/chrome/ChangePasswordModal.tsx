// Change Pass (spec sections 2, 5, 8): old password, new password, repeat; all three required and the repeat
// must match before anything is sent. Loaded on demand (it is rarely used).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, errorToNotificationBody } from '@portal/shared-api';
import { Button, DURATIONS, Modal, notifyError, notifySuccess, TextInput } from '@portal/shared-ui';
import { TEST_IDS } from '../testids';

export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

type Field = 'old_password' | 'new_password1' | 'new_password2';
type Errors = Partial<Record<Field, string>>;

const EMPTY = { old_password: '', new_password1: '', new_password2: '' };

/** The three inputs, in order: the API's field, its label (shell namespace), autocomplete hint and test id. */
const FIELDS: readonly { field: Field; label: string; autoComplete: string; testId: string }[] = [
  {
    field: 'old_password',
    label: 'changePassword.oldPassword',
    autoComplete: 'current-password',
    testId: TEST_IDS.changePassOld,
  },
  {
    field: 'new_password1',
    label: 'changePassword.newPassword',
    autoComplete: 'new-password',
    testId: TEST_IDS.changePassNew,
  },
  {
    field: 'new_password2',
    label: 'changePassword.repeatPassword',
    autoComplete: 'new-password',
    testId: TEST_IDS.changePassRepeat,
  },
];

/** Client-side checks: every field required, the repeat equal to the new password. Keys are the API's fields. */
function validatePasswordChange(
  values: Record<Field, string>,
  messages: { required: string; mismatch: string },
) {
  const errors: Errors = {};
  for (const field of Object.keys(values) as Field[]) {
    if (values[field] === '') errors[field] = messages.required;
  }
  if (!errors.new_password1 && !errors.new_password2 && values.new_password1 !== values.new_password2) {
    errors.new_password2 = messages.mismatch;
  }
  return errors;
}

export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation(['shell', 'common']);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    onClose();
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validatePasswordChange(values, {
      required: t('shell:changePassword.required'),
      mismatch: t('shell:changePassword.mismatch'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await authApi.changePassword(values);
      notifySuccess(
        t('shell:changePassword.successTitle'),
        t('shell:changePassword.success'),
        DURATIONS.password,
      );
      setBusy(false);
      close();
    } catch (error) {
      notifyError(t('common:errors.title'), errorToNotificationBody(error), DURATIONS.error);
      setBusy(false);
    }
  };

  const formId = 'shell-change-password';
  return (
    <Modal
      open={open}
      title={t('shell:changePassword.title')}
      onClose={close}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} data-testid={TEST_IDS.changePassCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={busy} data-testid={TEST_IDS.changePassSubmit}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="shell-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid={TEST_IDS.changePassForm}
      >
        {FIELDS.map(({ field, label, autoComplete, testId }) => (
          <TextInput
            key={field}
            type="password"
            label={t(`shell:${label}`)}
            autoComplete={autoComplete}
            value={values[field]}
            onChange={change(field)}
            error={errors[field]}
            data-testid={testId}
          />
        ))}
      </form>
    </Modal>
  );
}
