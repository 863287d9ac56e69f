// The test ids of the contact form, shared by its parts, the unit tests and the e2e suite.
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
