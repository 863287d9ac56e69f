// The contact form's state and its Send: the problems found before sending, each its own ERROR notice; a sent
// request says so and clears the form; a refused one lists the API's messages under the form's own labels.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DURATIONS, notifyError, notifySuccess } from '@portal/shared-ui';
import { ApiError, errorToNotificationBody } from '@portal/shared-api';
import { NS } from '../../i18n';
import { sendContactRequest, toPayload, type ContactFields } from './contact-api';
import {
  invalidFieldsOf,
  validateContactForm,
  type ContactError,
  type RequiredField,
} from './contact-validation';

const EMPTY_CONTACT: ContactFields = {
  name: '',
  email: '',
  phone: '',
  company: '',
  remarks: '',
  terms: false,
  website: '',
};

const LABEL_KEYS = {
  name: 'contact.name',
  email: 'contact.email',
  phone: 'contact.phone',
  company: 'contact.company',
  comments: 'contact.remarks',
  terms: 'contact.termsLink',
} as const;

export function useContactForm() {
  const { t, i18n } = useTranslation(NS);
  const [fields, setFields] = useState<ContactFields>(EMPTY_CONTACT);
  const [invalid, setInvalid] = useState<Partial<Record<RequiredField, boolean>>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof ContactFields>(key: K, value: ContactFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (key in invalid) setInvalid((v) => ({ ...v, [key]: false }));
  };

  const messageOf = (error: ContactError) =>
    error.kind === 'terms'
      ? t('contact.errors.terms')
      : error.kind === 'email'
        ? t('contact.errors.email')
        : t('contact.errors.blank', { field: t(`contact.${error.field}`) });

  const send = async () => {
    setBusy(true);
    try {
      await sendContactRequest(toPayload(fields, i18n.resolvedLanguage ?? i18n.language));
      notifySuccess(t('contact.success.title'), t('contact.success.message'), DURATIONS.contact);
      setFields(EMPTY_CONTACT);
      setInvalid({});
    } catch (error) {
      // The API answers with the form's own messages ({field: [message]}), already in the visitor's language.
      const body = errorToNotificationBody(error).map((entry) =>
        error instanceof ApiError && entry.label in LABEL_KEYS
          ? { ...entry, label: t(LABEL_KEYS[entry.label as keyof typeof LABEL_KEYS]) }
          : entry,
      );
      notifyError(t('contact.errors.title'), body, DURATIONS.contact);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateContactForm(fields);
    setInvalid(invalidFieldsOf(errors));
    if (errors.length > 0) {
      for (const error of errors) notifyError(t('contact.errors.title'), messageOf(error), DURATIONS.contact);
      return;
    }
    await send();
  };

  return { fields, invalid, busy, set, onSubmit };
}
