// Demo data for `npm start` (DEMO_SEED=1): written only into a database without companies.
// Demo passwords equal the usernames and skip the password rules; they exist only here. The
// demo tracking requests point at carriers served by the built-in simulator (dcsa_base_url NULL).
import { sql, type Kysely } from 'kysely';
import { createCompany, createUser } from '../services/accounts';
import { seedFreeTimeRules } from './free-time-rules';
import { simulatorEpoch } from '../tracking/engine/simulator-host';
import { generateJourney } from '../tracking/simulator/journey';
import type { Database } from '../db/types';

type CodeType = 'c_id' | 'b_id' | 'm_bl';
export interface DemoRequest {
  scac: string;
  type: CodeType;
  ref: string;
  /** What the journey looks like DEMO_EPOCH_DAYS_AGO (60) days after the simulator epoch. */
  note: string;
  /** Keep only the journey's first container. */
  filterFirst?: boolean;
  /** Contractual ETA at POD this many days before the real arrival (raises the 907 alert). */
  contractualEarlyDays?: number;
  clientCode?: string;
}

/**
 * Demo tracking requests, chosen (with the simulator's deterministic journeys) so that right after
 * the first start the shipments are spread over every life stage, with transshipments, multi-
 * container bookings, a container filter, contractual ETAs that will be missed, and two unknown
 * references that turn invalid. With the demo free-time rules (free-time-rules.ts) their clocks are
 * then not started, running, over and closed, for demurrage and for detention.
 */
export const DEMO_REQUESTS: DemoRequest[] = [
  { scac: 'MAEU', type: 'c_id', ref: 'MAEU1554339', note: 'waiting for pickup (about a day)' },
  { scac: 'ONEY', type: 'c_id', ref: 'ONEU8047910', note: 'waiting for pickup, 4 transshipments planned' },
  { scac: 'MAEU', type: 'b_id', ref: 'MA247331030', note: 'booked, no container yet' },
  { scac: 'EGLV', type: 'c_id', ref: 'EGLU8602242', note: 'land transport to POL' },
  { scac: 'HDMU', type: 'b_id', ref: 'HD262726193', note: 'land transport to POL, 3 containers' },
  { scac: 'MAEU', type: 'c_id', ref: 'MAEU3375707', note: 'in POL terminal, 2 transshipments' },
  {
    scac: 'CMDU',
    type: 'm_bl',
    ref: 'CMDU26941474',
    note: 'in POL terminal, 3 transshipments',
    filterFirst: true,
  },
  { scac: 'MAEU', type: 'b_id', ref: 'MA241047290', note: 'waiting for departure, 3 containers' },
  { scac: 'COSU', type: 'c_id', ref: 'COSU9160361', note: 'waiting for departure, 4 transshipments' },
  {
    scac: 'HDMU',
    type: 'b_id',
    ref: 'HD240733103',
    note: 'ocean transport from POL',
    contractualEarlyDays: 4,
  },
  { scac: 'YMLU', type: 'c_id', ref: 'YMLU2425420', note: 'ocean transport from POL' },
  { scac: 'CMDU', type: 'm_bl', ref: 'CMDU26015434', note: 'in transshipment (3)' },
  { scac: 'ONEY', type: 'c_id', ref: 'ONEU6939250', note: 'in transshipment' },
  { scac: 'HLCU', type: 'b_id', ref: 'HL247645217', note: 'in transshipment (4)', contractualEarlyDays: 3 },
  { scac: 'ONEY', type: 'b_id', ref: 'ON242618225', note: 'ocean transport to POD, 3 containers' },
  { scac: 'MSCU', type: 'c_id', ref: 'MSCU5038690', note: 'ocean transport to POD, 4 transshipments' },
  {
    scac: 'MAEU',
    type: 'm_bl',
    ref: 'MAEU26617360',
    note: 'ocean transport to POD',
    contractualEarlyDays: 5,
  },
  { scac: 'COSU', type: 'c_id', ref: 'COSU4547260', note: 'waiting for discharge at POD' },
  { scac: 'HDMU', type: 'm_bl', ref: 'HDMU33076489', note: 'waiting for discharge at POD' },
  { scac: 'MAEU', type: 'c_id', ref: 'MAEU1000002', note: 'in POD terminal', clientCode: 'ACME-001' },
  { scac: 'CMDU', type: 'b_id', ref: 'CM245445908', note: 'in POD terminal, 2 containers' },
  {
    scac: 'ONEY',
    type: 'c_id',
    ref: 'ONEU2187854',
    note: 'land transport to place of delivery, delivered within hours; two weeks with the consignee',
  },
  {
    scac: 'COSU',
    type: 'b_id',
    ref: 'CO337816886',
    note: 'one container in the POD terminal over its free time, one returning, one completed',
  },
  { scac: 'MSCU', type: 'c_id', ref: 'MSCU2662996', note: 'delivered, returning the container' },
  {
    scac: 'ONEY',
    type: 'b_id',
    ref: 'ON252043835',
    note: 'delivered, returning 2 containers; the third still in the POD terminal',
  },
  {
    scac: 'MAEU',
    type: 'b_id',
    ref: 'MA244189160',
    note: '1 of 3 containers completed, 2 returning (the carrier sends their last free days)',
    clientCode: 'ACME-002',
  },
  {
    scac: 'MSCU',
    type: 'm_bl',
    ref: 'MSCU26547907',
    note: '2 of 3 completed, the third returning over its detention free time',
  },
  { scac: 'MAEU', type: 'c_id', ref: 'MAEU1234560', note: 'wrong check digit: unknown to the carrier' },
  { scac: 'ZIMU', type: 'm_bl', ref: 'ZIMU-2026-0001', note: 'unknown B/L (the carrier answers 404)' },
];

const OTHER_DEMO_REQUESTS: DemoRequest[] = [
  { scac: 'MSCU', type: 'b_id', ref: 'MS252672209', note: 'delivered, returning containers' },
  { scac: 'CMDU', type: 'c_id', ref: 'CMDU6701687', note: 'ocean transport to POD' },
  { scac: 'HLCU', type: 'm_bl', ref: 'HLCU26640511', note: 'completed' },
  { scac: 'ONEY', type: 'm_bl', ref: 'ONEY26501605', note: 'ocean transport to POD' },
];

const DAY = 86_400_000;

async function seedTrackingRequests(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  requests: DemoRequest[],
  epochDaysAgo: number,
): Promise<void> {
  const epoch = await simulatorEpoch(db, epochDaysAgo);
  const carriers = new Map(
    (await db.selectFrom('carriers').select(['id', 'scac']).execute()).map((c) => [c.scac, c.id]),
  );
  for (const r of requests) {
    const carrierId = carriers.get(r.scac);
    if (!carrierId) continue;
    let containerFilter: string[] = [];
    let contractual: string | null = null;
    if (r.filterFirst || r.contractualEarlyDays) {
      const journey = generateJourney({
        carrierScac: r.scac,
        seed: `${r.scac}|${r.type}|${r.ref}`,
        epoch,
        bookingReference: r.type === 'b_id' ? r.ref : undefined,
        transportDocumentReference: r.type === 'm_bl' ? r.ref : undefined,
        equipmentReference: r.type === 'c_id' ? r.ref : undefined,
      });
      if (r.filterFirst) containerFilter = [journey.containers[0].equipmentReference];
      if (r.contractualEarlyDays) {
        const arrival = journey.legs[journey.legs.length - 1].actualArrival;
        contractual = new Date(arrival - r.contractualEarlyDays * DAY).toISOString().slice(0, 10);
      }
    }
    await db
      .insertInto('tracking_requests')
      .values({
        company_id: companyId,
        carrier_id: carrierId,
        created_by: userId,
        code_type: r.type,
        code_value: r.ref,
        client_code: r.clientCode ?? '',
        contractual_eta_pod: contractual,
        container_filter: containerFilter,
        warnings: '[]',
        next_poll_at: sql`now()`,
      })
      .execute();
  }
}

export const DEMO_LOGINS = [
  { username: 'demo', password: 'demo', note: 'Demo Logistics, standard role, manager' },
  { username: 'viewer', password: 'viewer', note: 'Demo Logistics, limited role' },
  { username: 'admin', password: 'admin', note: 'Demo Logistics, superuser' },
  { username: 'other', password: 'other', note: 'Other Freight (a second company)' },
] as const;

/**
 * Seeds the demo companies and users if there is no company yet. Returns whether it seeded. The simulated
 * journeys start `epochDaysAgo` days ago (DEMO_EPOCH_DAYS_AGO, default 60) unless an epoch is stored already.
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: { epochDaysAgo?: number } = {},
): Promise<boolean> {
  const epochDaysAgo = options.epochDaysAgo ?? 60;
  const existing = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const demo = await createCompany(db, { name: 'Demo Logistics', max_tracking_requests: 1000 });
  const other = await createCompany(db, { name: 'Other Freight', max_tracking_requests: 100 });
  const demoUser = await createUser(db, {
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
    // admin is the end-to-end tests' user for threshold changes: it starts with no attention codes, so its
    // attention count starts at 0 (every other new user gets DEFAULT_ATTENTION_CODES).
    attentionCodes: [],
    first_name: 'Ada',
    last_name: 'Admin',
    email: 'admin@demo-logistics.example',
  });
  const otherUser = await createUser(db, {
    username: 'other',
    password: 'other',
    companyId: other,
    roleId: 1,
    first_name: 'Olga',
    last_name: 'Other',
    email: 'other@other-freight.example',
  });
  // Tracking requests on the built-in carrier simulator: the engine turns them into shipments, and
  // computes their free-time clocks from the rules as it saves each one.
  await seedFreeTimeRules(db, demo);
  await seedTrackingRequests(db, demo, demoUser, DEMO_REQUESTS, epochDaysAgo);
  await seedTrackingRequests(db, other, otherUser, OTHER_DEMO_REQUESTS, epochDaysAgo);
  return true;
}

/** Whether the demo users are present (to print their logins). */
export async function hasDemoData(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirst();
  return Boolean(row);
}
