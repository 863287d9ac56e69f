// The contact call (spec section 7): POST to the products backend's send-mail endpoint.
import { api, http, ApiError, type ContactRequest } from '@portal/shared-api';
import { CONTACT_URL, isExternal, PRODUCT_ID } from '../../lib/config';

export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  company: string;
  remarks: string;
  terms: boolean;
  /** Honeypot, hidden from people. */
  website: string;
}

/** The body of POST products/send-mail/ (the API's contract), every field filled. */
export type ContactPayload = ContactRequest;

export function toPayload(fields: ContactFields, language: string): ContactPayload {
  return {
    name: fields.name.trim(),
    email: fields.email.trim(),
    phone: fields.phone.trim(),
    company: fields.company.trim(),
    comments: fields.remarks.trim(),
    product: PRODUCT_ID,
    language: language === 'en' ? 'en' : 'es',
    terms: fields.terms,
    website: fields.website,
  };
}

export async function sendContactRequest(payload: ContactPayload): Promise<void> {
  if (!isExternal(CONTACT_URL)) {
    await api.post(CONTACT_URL, payload);
    return;
  }
  try {
    await http().post(CONTACT_URL, { json: payload });
  } catch (error) {
    const response = (error as { response?: Response }).response;
    if (response) throw new ApiError(response.status, await response.json().catch(() => null));
    throw error;
  }
}
