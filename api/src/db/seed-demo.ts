// Demo data for `npm start` (DEMO_SEED=1): written only into a database without companies.
// Demo passwords equal the usernames and skip the password rules; they exist only here.
import type { Kysely } from 'kysely';
import { createCompany, createUser } from '../services/accounts';
import type { Database } from './types';

export const DEMO_LOGINS = [
  { username: 'demo', password: 'demo', note: 'Demo Logistics, standard role, manager' },
  { username: 'viewer', password: 'viewer', note: 'Demo Logistics, limited role' },
  { username: 'admin', password: 'admin', note: 'Demo Logistics, superuser' },
  { username: 'other', password: 'other', note: 'Other Freight (a second company)' },
] as const;

/** Seeds the demo companies and users if there is no company yet. Returns whether it seeded. */
export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const demo = await createCompany(db, { name: 'Demo Logistics', max_tracking_requests: 1000 });
  const other = await createCompany(db, { name: 'Other Freight', max_tracking_requests: 100 });
  await createUser(db, {
    username: 'demo',
    password: 'demo',
    companyId: demo,
    roleId: 1,
    is_manager: true,
    first_name: 'Dana',
    last_name: 'Demo',
    email: 'demo@demo-logistics.example',
  });
  await createUser(db, {
    username: 'viewer',
    password: 'viewer',
    companyId: demo,
    roleId: 2,
    first_name: 'Victor',
    last_name: 'Viewer',
    email: 'viewer@demo-logistics.example',
  });
  await createUser(db, {
    username: 'admin',
    password: 'admin',
    companyId: demo,
    roleId: 1,
    is_superuser: true,
    first_name: 'Ada',
    last_name: 'Admin',
    email: 'admin@demo-logistics.example',
  });
  await createUser(db, {
    username: 'other',
    password: 'other',
    companyId: other,
    roleId: 1,
    first_name: 'Olga',
    last_name: 'Other',
    email: 'other@other-freight.example',
  });
  return true;
}

/** Whether the demo users are present (to print their logins). */
export async function hasDemoData(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirst();
  return Boolean(row);
}
