// The contact form of spec section 2: name, email, phone, company, remarks and the terms box (unchecked at
// start); Send and Back (to /). Each problem is its own ERROR notification (4 s); a sent request shows
// 'Success' / 'request success' (4 s) and clears the form.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '@portal/shared-ui/router';
import { Button, Checkbox, DURATIONS, notifyError, notifySuccess, TextInput } from '@portal/shared-ui';
import { ApiError, errorToNotificationBody } from '@portal/shared-api';
import { NS } from '../../i18n';
import { sendContactRequest, toPayload, type ContactFields } from './contact-api';
import { validateContactForm, type RequiredField } from './contact-validation';
import { useClearOfNotices } from './use-clear-of-notices';

const EMPTY: ContactFields = {
  name: '',
  email: '',
  phone: '',
  company: '',
  remarks: '',
  terms: false,
  website: '',
};

export const CONTACT_TEST_IDS = {
  form: 'contact-form',
  name: 'contact-name',
  email: 'contact-email',
  phone: 'contact-phone',
  company: 'contact-company',
  remarks: 'contact-remarks',
  terms: 'contact-terms',
  send: 'contact-send',
  back: 'contact-back',
} as const;

const LABEL_KEYS = {
  name: 'contact.name',
  email: 'contact.email',
  phone: 'contact.phone',
  company: 'contact.company',
  comments: 'contact.remarks',
  terms: 'contact.termsLink',
} as const;

type TextField = 'name' | 'email' | 'phone' | 'company';

/** The one-line inputs, in order; phone is the optional one (the others are checked before sending). */
const TEXT_INPUTS: readonly {
  field: TextField;
  type?: 'email' | 'tel';
  autoComplete: string;
  maxLength: number;
}[] = [
  { field: 'name', autoComplete: 'name', maxLength: 150 },
  { field: 'email', type: 'email', autoComplete: 'email', maxLength: 254 },
  { field: 'phone', type: 'tel', autoComplete: 'tel', maxLength: 40 },
  { field: 'company', autoComplete: 'organization', maxLength: 150 },
];

export function ContactForm() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const [invalid, setInvalid] = useState<Partial<Record<RequiredField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const room = useRef<HTMLDivElement>(null);
  useClearOfNotices(actions, room);

  const set = <K extends keyof ContactFields>(key: K, value: ContactFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (key in invalid) setInvalid((v) => ({ ...v, [key]: false }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateContactForm(fields);
    setInvalid(
      Object.fromEntries(
        errors.flatMap((e) =>
          e.kind === 'blank' ? [[e.field, true]] : e.kind === 'email' ? [['email', true]] : [],
        ),
      ),
    );
    if (errors.length > 0) {
      for (const error of errors) {
        const message =
          error.kind === 'terms'
            ? t('contact.errors.terms')
            : error.kind === 'email'
              ? t('contact.errors.email')
              : t('contact.errors.blank', { field: t(`contact.${error.field}`) });
        notifyError(t('contact.errors.title'), message, DURATIONS.contact);
      }
      return;
    }
    setBusy(true);
    try {
      await sendContactRequest(toPayload(fields, i18n.resolvedLanguage ?? i18n.language));
      notifySuccess(t('contact.success.title'), t('contact.success.message'), DURATIONS.contact);
      setFields(EMPTY);
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

  const optional = <span className="pub-optional"> ({t('contact.optional')})</span>;

  return (
    <form
      className="pub-contact"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid={CONTACT_TEST_IDS.form}
    >
      <div className="pub-contact__grid">
        {TEXT_INPUTS.map(({ field, type, autoComplete, maxLength }) => {
          const required = field !== 'phone';
          return (
            <TextInput
              key={field}
              label={
                required ? (
                  t(`contact.${field}`)
                ) : (
                  <>
                    {t(`contact.${field}`)}
                    {optional}
                  </>
                )
              }
              name={field}
              type={type}
              autoComplete={autoComplete}
              required={required}
              aria-required={required ? 'true' : undefined}
              maxLength={maxLength}
              value={fields[field]}
              aria-invalid={(field !== 'phone' && invalid[field]) || undefined}
              onChange={(e) => set(field, e.target.value)}
              data-testid={CONTACT_TEST_IDS[field]}
            />
          );
        })}
      </div>
      <div className="pui-field pub-contact__remarks">
        <label className="pui-field__label" htmlFor="contact-remarks">
          {t('contact.remarks')}
          {optional}
        </label>
        <textarea
          id="contact-remarks"
          name="remarks"
          className="pui-input pub-textarea"
          rows={5}
          maxLength={5000}
          value={fields.remarks}
          onChange={(e) => set('remarks', e.target.value)}
          data-testid={CONTACT_TEST_IDS.remarks}
        />
      </div>
      {/* Honeypot: off screen and out of the tab order; people leave it empty, bots fill it. */}
      <div className="pub-hp" aria-hidden="true">
        <label htmlFor="contact-website">{t('contact.honeypot')}</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={fields.website}
          onChange={(e) => set('website', e.target.value)}
        />
      </div>
      <Checkbox
        className="pub-contact__terms"
        checked={fields.terms}
        onChange={(checked) => set('terms', checked)}
        data-testid={CONTACT_TEST_IDS.terms}
        label={
          <>
            {t('contact.termsBefore')}
            <Link to="/terms-conditions">{t('contact.termsLink')}</Link>
            {t('contact.termsAnd')}
            <Link to="/privacy-policy">{t('contact.privacyLink')}</Link>
            {t('contact.termsAfter')}
          </>
        }
      />
      <div className="pub-contact__actions" ref={actions}>
        <Button type="submit" variant="primary" busy={busy} data-testid={CONTACT_TEST_IDS.send}>
          {t('contact.send')}
        </Button>
        <Button variant="secondary" onClick={() => void navigate('/')} data-testid={CONTACT_TEST_IDS.back}>
          {t('contact.back')}
        </Button>
      </div>
      <div ref={room} aria-hidden="true" />
    </form>
  );
}
