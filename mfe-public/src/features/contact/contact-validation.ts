// Spec section 5, second reading (README): the terms first, and alone; then one message per empty required
// field, in the form's order. Phone and remarks are optional; no e-mail format check.
import type { ContactFields } from './contact-api';

const REQUIRED = ['name', 'email', 'company'] as const;
export type RequiredField = (typeof REQUIRED)[number];

export type ContactError = { kind: 'terms' } | { kind: 'blank'; field: RequiredField };

export function validateContactForm(fields: ContactFields): ContactError[] {
  if (!fields.terms) return [{ kind: 'terms' }];
  return REQUIRED.filter((field) => fields[field].trim() === '').map((field) => ({ kind: 'blank', field }));
}
