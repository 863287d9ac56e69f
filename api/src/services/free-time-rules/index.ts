// A company's free-time rules (demurrage and detention): reads with the carrier's and port's names, the checks
// that need the database (carriers, ports, the duplicate scope, the company's cap), and the writes. Every write
// asks for a background recompute of the company's containers (tracking/free-time/recompute.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FreeTimeTier } from '@portal/shared-api/domain';
import type { Database } from '../../db/types';
import { badRequest, ErrorCollector, notFound } from '../../lib/errors';
import { countRows, type PagedList } from '../../lib/pagination';
import { requestFreeTimeRecompute } from '../../tracking/free-time/recompute';
import { checkRule, MAX_RULES, RULE_MESSAGES, type FreeTimeRuleInput, type ScopeRefs } from './check';

export * from './check';

type Db = Kysely<Database> | Transaction<Database>;

/** A rule as the API answers it. */
export interface FreeTimeRuleAnswer extends FreeTimeRuleInput {
  id: number;
  carrier_scac: string | null;
  carrier_name: string | null;
  pod_name: string | null;
  created_at: string;
  modified_at: string;
}

export const FREE_TIME_RULE_ORDERING = [
  'id',
  'carrier',
  'pod_locode',
  'container_type',
  'modified_at',
] as const;
type OrderKey = (typeof FREE_TIME_RULE_ORDERING)[number];

const tiersOf = (value: unknown): FreeTimeTier[] => (Array.isArray(value) ? (value as FreeTimeTier[]) : []);

function ruleQuery(db: Db, companyId: number) {
  return db
    .selectFrom('free_time_rules as r')
    .leftJoin('carriers as c', 'c.id', 'r.carrier_id')
    .leftJoin('locations as l', 'l.locode', 'r.pod_locode')
    .where('r.company_id', '=', companyId);
}

function selectRule(q: ReturnType<typeof ruleQuery>) {
  return q
    .selectAll('r')
    .select(['c.scac as carrier_scac', 'c.short_name as carrier_name', 'l.name as pod_name']);
}
type RuleRow = Awaited<ReturnType<ReturnType<typeof selectRule>['executeTakeFirstOrThrow']>>;

function answer(row: RuleRow): FreeTimeRuleAnswer {
  return {
    id: row.id,
    carrier_id: row.carrier_id,
    carrier_scac: row.carrier_scac,
    carrier_name: row.carrier_name,
    pod_locode: row.pod_locode,
    pod_name: row.pod_name,
    container_type: row.container_type,
    mode: row.mode,
    demurrage_free_days: row.demurrage_free_days,
    detention_free_days: row.detention_free_days,
    combined_free_days: row.combined_free_days,
    day_count: row.day_count,
    demurrage_start: row.demurrage_start,
    demurrage_stop: row.demurrage_stop,
    detention_start: row.detention_start,
    demurrage_tiers: tiersOf(row.demurrage_tiers),
    detention_tiers: tiersOf(row.detention_tiers),
    combined_tiers: tiersOf(row.combined_tiers),
    currency: row.currency,
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at.toISOString(),
  };
}

/** The company's rules: the most general first (any carrier, any port), then by carrier, port and type. */
export function ruleList(
  db: Db,
  companyId: number,
  order: { key: OrderKey; direction: 'asc' | 'desc' } | null,
): PagedList<FreeTimeRuleAnswer> {
  const base = ruleQuery(db, companyId);
  return {
    count: () => countRows(base),
    page: async (limit, offset) => {
      let q = selectRule(base);
      if (order) {
        const column = order.key === 'carrier' ? sql`c.short_name` : sql.ref(`r.${order.key}`);
        q = q.orderBy(sql`${column} ${sql.raw(order.direction)} nulls first`);
      } else {
        q = q
          .orderBy(sql`c.short_name nulls first`)
          .orderBy(sql`r.pod_locode nulls first`)
          .orderBy(sql`r.container_type nulls first`);
      }
      return (await q.orderBy('r.id').limit(limit).offset(offset).execute()).map(answer);
    },
  };
}

/** Every rule of the company (the export), in the list's default order. */
export async function allRules(db: Db, companyId: number): Promise<FreeTimeRuleAnswer[]> {
  return ruleList(db, companyId, null).page(MAX_RULES, 0);
}

/** The company's rule `id`, or 404 (another company's rule is not found either). */
export async function findRule(db: Db, companyId: number, id: number): Promise<FreeTimeRuleAnswer> {
  const row = await selectRule(ruleQuery(db, companyId)).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return answer(row);
}

/** Which of these carrier ids and port LOCODEs exist (two queries, whatever the number of rules). */
export async function scopeRefs(db: Db, carrierIds: number[], locodes: string[]): Promise<ScopeRefs> {
  const [carriers, ports] = await Promise.all([
    carrierIds.length
      ? db.selectFrom('carriers').select('id').where('id', 'in', carrierIds).execute()
      : Promise.resolve([]),
    locodes.length
      ? db.selectFrom('locations').select('locode').where('locode', 'in', locodes).execute()
      : Promise.resolve([]),
  ]);
  return {
    carrierIds: new Set(carriers.map((c) => c.id)),
    portLocodes: new Set(ports.map((p) => p.locode as string)),
  };
}

/** Checks one rule for a create or change (`selfId`: the rule being changed); throws one 400 with every problem. */
export async function checkOne(db: Db, companyId: number, input: FreeTimeRuleInput, selfId: number | null) {
  const problems = new ErrorCollector();
  const refs = await scopeRefs(
    db,
    input.carrier_id === null ? [] : [input.carrier_id],
    input.pod_locode === null ? [] : [input.pod_locode],
  );
  checkRule(input, refs, problems);
  const clash = await db
    .selectFrom('free_time_rules')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`coalesce(carrier_id, 0) = ${input.carrier_id ?? 0}`)
    .where(sql<boolean>`coalesce(pod_locode, '') = ${input.pod_locode ?? ''}`)
    .where(sql<boolean>`coalesce(container_type, '') = ${input.container_type ?? ''}`)
    .executeTakeFirst();
  if (clash && clash.id !== selfId) problems.add('non_field_errors', RULE_MESSAGES.duplicateScope);
  if (selfId === null) {
    const count = await countRows(db.selectFrom('free_time_rules').where('company_id', '=', companyId));
    if (count >= MAX_RULES) problems.add('non_field_errors', RULE_MESSAGES.tooManyRules(MAX_RULES));
  }
  problems.throwIfAny();
}

/** The row values of a rule (tiers as JSON text for the jsonb columns). */
export function ruleValues(input: FreeTimeRuleInput) {
  return {
    ...input,
    demurrage_tiers: JSON.stringify(input.demurrage_tiers),
    detention_tiers: JSON.stringify(input.detention_tiers),
    combined_tiers: JSON.stringify(input.combined_tiers),
  };
}

/** Two simultaneous writes of one scope: the unique index answers, mapped to the same message as the check. */
export function scopeClash(error: unknown): never {
  if ((error as { code?: string }).code === '23505') {
    throw badRequest({ non_field_errors: [RULE_MESSAGES.duplicateScope] });
  }
  throw error;
}

export async function createRule(db: Kysely<Database>, companyId: number, input: FreeTimeRuleInput) {
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('free_time_rules')
      .values({ company_id: companyId, ...ruleValues(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await requestFreeTimeRecompute(trx, companyId);
    return row.id;
  });
  return findRule(db, companyId, id);
}

export async function updateRule(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  input: FreeTimeRuleInput,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('free_time_rules')
      .set({ ...ruleValues(input), modified_at: sql`now()` })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
    await requestFreeTimeRecompute(trx, companyId);
  });
  return findRule(db, companyId, id);
}

export async function deleteRule(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('free_time_rules')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
    await requestFreeTimeRecompute(trx, companyId);
  });
}
