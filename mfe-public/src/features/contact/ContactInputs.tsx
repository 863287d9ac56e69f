// The fields of the contact form: the one-line inputs, the remarks, the honeypot and the terms box.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@portal/shared-ui/router';
import { Checkbox, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { ContactFields } from './contact-api';
import type { RequiredField } from './contact-validation';
import { CONTACT_TEST_IDS } from './contact-test-ids';

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

export interface ContactInputsProps {
  fields: ContactFields;
  invalid: Partial<Record<RequiredField, boolean>>;
  set: <K extends keyof ContactFields>(key: K, value: ContactFields[K]) => void;
}

export function TextInputs({ fields, invalid, set, optional }: ContactInputsProps & { optional: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
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
  );
}

export function RemarksInput({
  fields,
  set,
  optional,
}: Omit<ContactInputsProps, 'invalid'> & { optional: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
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
  );
}

/** Honeypot: off screen and out of the tab order; people leave it empty, bots fill it. */
export function HoneypotInput({ fields, set }: Omit<ContactInputsProps, 'invalid'>) {
  const { t } = useTranslation(NS);
  return (
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
  );
}

export function TermsBox({ fields, set }: Omit<ContactInputsProps, 'invalid'>) {
  const { t } = useTranslation(NS);
  return (
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
  );
}
