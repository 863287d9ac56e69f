// The contact form of spec section 2: name, email, phone, company, remarks and the terms box (unchecked at
// start); Send and Back (to /). Each problem is its own ERROR notification (4 s); a sent request shows
// 'Success' / 'request success' (4 s) and clears the form.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@portal/shared-ui/router';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { HoneypotInput, RemarksInput, TermsBox, TextInputs } from './ContactInputs';
import { CONTACT_TEST_IDS } from './contact-test-ids';
import { useClearOfNotices } from './use-clear-of-notices';
import { useContactForm } from './use-contact-form';

export { CONTACT_TEST_IDS };

export function ContactForm() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { fields, invalid, busy, set, onSubmit } = useContactForm();
  const actions = useRef<HTMLDivElement>(null);
  const room = useRef<HTMLDivElement>(null);
  useClearOfNotices(actions, room);

  const optional = <span className="pub-optional"> ({t('contact.optional')})</span>;

  return (
    <form
      className="pub-contact"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid={CONTACT_TEST_IDS.form}
    >
      <TextInputs fields={fields} invalid={invalid} set={set} optional={optional} />
      <RemarksInput fields={fields} set={set} optional={optional} />
      <HoneypotInput fields={fields} set={set} />
      <TermsBox fields={fields} set={set} />
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
