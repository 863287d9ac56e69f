// Spec section 5, second reading (README): the terms first, and alone; then one message per empty required
// field, in the form's order. Phone and remarks are optional. A filled e-mail must look like an address (the
// answer goes to it); the API checks the same (api/src/contact/messages.ts) with the same message.
import type { ContactFields } from './contact-api';

const REQUIRED = ['name', 'email', 'company'] as const;
export type RequiredField = (typeof REQUIRED)[number];

export type ContactError = { kind: 'terms' } | { kind: 'blank'; field: RequiredField } | { kind: 'email' };

// The API's check (close to Django's EmailValidator): a local part, an @ and a dotted domain.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

const isEmailAddress = (value: string) => value.length <= 254 && EMAIL.test(value);

export function validateContactForm(fields: ContactFields): ContactError[] {
  if (!fields.terms) return [{ kind: 'terms' }];
  return REQUIRED.flatMap((field): ContactError[] => {
    const value = fields[field].trim();
    if (value === '') return [{ kind: 'blank', field }];
    return field === 'email' && !isEmailAddress(value) ? [{ kind: 'email' }] : [];
  });
}

/** The required fields to mark invalid for these problems: blank ones, and the e-mail when it is no address. */
export function invalidFieldsOf(errors: ContactError[]): Partial<Record<RequiredField, boolean>> {
  return Object.fromEntries(
    errors.flatMap((e) =>
      e.kind === 'blank' ? [[e.field, true]] : e.kind === 'email' ? [['email', true]] : [],
    ),
  );
}
