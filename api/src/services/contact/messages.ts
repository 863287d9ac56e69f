// The contact form's validation (spec section 5), shared wording with the public site (mfe-public/src/i18n.ts).
// Of the spec's two readings we use the second everywhere: '{field} must not be blank.' per empty required
// field and 'Please, accept the Terms and Conditions and the Privacy Policy.' for the terms (mfe-public/README.md).
import { isEmail } from '../../lib/validation';

export type ContactLanguage = 'en' | 'es';

export const CONTACT_MESSAGES = {
  en: {
    terms: 'Please, accept the Terms and Conditions and the Privacy Policy.',
    blank: (field: string) => `${field} must not be blank.`,
    fields: { name: 'Name', email: 'Email', company: 'Company' },
    email: 'Enter a valid email address.',
    tooMany: 'Too many requests from this address. Please try again later.',
  },
  es: {
    terms: 'Por favor, acepta los Términos y Condiciones y la Política de Privacidad.',
    blank: (field: string) => `El campo ${field} no puede estar en blanco.`,
    fields: { name: 'Nombre', email: 'Correo electrónico', company: 'Empresa' },
    email: 'Introduce una dirección de correo electrónico válida.',
    tooMany: 'Demasiadas solicitudes desde esta dirección. Inténtalo de nuevo más tarde.',
  },
} as const;

const REQUIRED_FIELDS = ['name', 'email', 'company'] as const;

export interface ContactInput {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  comments?: string;
  product?: string;
  language?: string;
  terms?: boolean;
  /** Honeypot: hidden from people, filled by bots. */
  website?: string;
}

export function languageOf(value: unknown): ContactLanguage {
  return value === 'en' ? 'en' : 'es';
}

/**
 * Terms first: without them that is the only error. Then one error per empty required field (blank = empty
 * after trimming). A filled e-mail must be an address: the request is answered by mail to it, so any other text
 * loses the visitor (the API's usual e-mail check, close to Django's).
 */
export function validateContact(input: ContactInput): Record<string, string[]> {
  const m = CONTACT_MESSAGES[languageOf(input.language)];
  if (input.terms !== true) return { terms: [m.terms] };
  const errors: Record<string, string[]> = {};
  for (const field of REQUIRED_FIELDS) {
    if (!input[field]?.trim()) errors[field] = [m.blank(m.fields[field])];
  }
  const email = input.email?.trim();
  if (email && !isEmail(email)) errors.email = [m.email];
  return errors;
}
