// The contact_requests table (migration 0009), typed for this module only.
import type { Generated, Kysely, Selectable } from 'kysely';

interface ContactRequestsTable {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  product: string;
  language: string;
  client_address: string;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  last_error: string | null;
  last_attempt_at: Date | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface ContactTables {
  contact_requests: ContactRequestsTable;
}

/** A request as the mail is written from. */
export type ContactRow = Pick<
  Selectable<ContactRequestsTable>,
  'id' | 'name' | 'email' | 'phone' | 'company' | 'comments' | 'product' | 'language' | 'created_at'
>;

/** The app's Kysely instance seen with this module's table. */
export function contactDb(db: Kysely<unknown>): Kysely<ContactTables> {
  return db as unknown as Kysely<ContactTables>;
}
