// The contact_requests table (migration 0009), typed for this module only.
import type { Generated, Kysely } from 'kysely';

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

export interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  product: string;
  language: string;
  created_at: Date;
}

/** The app's Kysely instance seen with this module's table. */
export function contactDb(db: Kysely<unknown>): Kysely<ContactTables> {
  return db as unknown as Kysely<ContactTables>;
}
