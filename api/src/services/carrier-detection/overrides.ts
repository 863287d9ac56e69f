// A company's own prefix → carrier mappings (carrier_prefix_overrides): list, create, delete, always within
// the caller's company. The routes check that only managers with write permission change them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { badRequest, MESSAGES, notFound, type FieldErrors } from '../../lib/errors';
import { valueText } from '../../lib/validation';
import { MAX_OVERRIDES, OVERRIDE_KINDS, OVERRIDE_MESSAGES, type PrefixKind } from './index';

export interface OverrideAnswer {
  id: number;
  kind: PrefixKind;
  prefix: string;
  carrier: { id: number; scac: string; short_name: string; official_name: string };
  created_by: string | null;
  created_at: string;
}

function selectOverrides(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('carrier_prefix_overrides as o')
    .innerJoin('carriers as c', 'c.id', 'o.carrier_id')
    .leftJoin('users as u', 'u.id', 'o.created_by')
    .select([
      'o.id',
      'o.kind',
      'o.prefix',
      'o.created_at',
      'u.username',
      'c.id as carrier_id',
      'c.scac',
      'c.short_name',
      'c.official_name',
    ])
    .where('o.company_id', '=', companyId);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectOverrides>['execute']>>[number];
const toAnswer = (r: Row): OverrideAnswer => ({
  id: r.id,
  kind: r.kind,
  prefix: r.prefix,
  carrier: { id: r.carrier_id, scac: r.scac, short_name: r.short_name, official_name: r.official_name },
  created_by: r.username,
  created_at: new Date(r.created_at).toISOString(),
});

/** The company's overrides, by kind and prefix (at most MAX_OVERRIDES, so never paged). */
export async function listOverrides(db: Kysely<Database>, companyId: number): Promise<OverrideAnswer[]> {
  const rows = await selectOverrides(db, companyId).orderBy('o.kind').orderBy('o.prefix').execute();
  return rows.map(toAnswer);
}

const missing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Checks and stores one override; every problem at once as `{field: [messages]}`. */
export async function createOverride(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  body: Record<string, unknown>,
): Promise<OverrideAnswer> {
  const errors: FieldErrors = {};
  let kind: PrefixKind | undefined;
  if (missing(body.kind)) errors.kind = [MESSAGES.required];
  else if (!(OVERRIDE_KINDS as readonly unknown[]).includes(body.kind))
    errors.kind = [`"${valueText(body.kind)}" is not a valid choice.`];
  else kind = body.kind as PrefixKind;
  let prefix: string | undefined;
  if (missing(body.prefix)) errors.prefix = [MESSAGES.required];
  else if (typeof body.prefix !== 'string' || !/^[A-Za-z]{4}$/.test(body.prefix.trim()))
    errors.prefix = [OVERRIDE_MESSAGES.prefix];
  else prefix = body.prefix.trim().toUpperCase();
  let carrierId: number | undefined;
  if (missing(body.carrier_id)) errors.carrier_id = [MESSAGES.required];
  else {
    const id = typeof body.carrier_id === 'number' ? body.carrier_id : Number(body.carrier_id);
    const found =
      Number.isSafeInteger(id) && id > 0
        ? await db
            .selectFrom('carriers')
            .select('id')
            .where('id', '=', id)
            .where('active', '=', true)
            .executeTakeFirst()
        : undefined;
    if (found) carrierId = found.id;
    else errors.carrier_id = [`Invalid pk "${valueText(body.carrier_id)}" - object does not exist.`];
  }
  if (Object.keys(errors).length || !kind || !prefix || carrierId === undefined) throw badRequest(errors);
  const id = await db.transaction().execute(async (trx) => {
    // The company row is the lock under which the count and the insert agree.
    await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
    const { n } = await trx
      .selectFrom('carrier_prefix_overrides')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_OVERRIDES)
      throw badRequest({ non_field_errors: [OVERRIDE_MESSAGES.cap(MAX_OVERRIDES)] });
    const row = await trx
      .insertInto('carrier_prefix_overrides')
      .values({ company_id: companyId, kind, prefix, carrier_id: carrierId, created_by: userId })
      .onConflict((oc) => oc.columns(['company_id', 'kind', 'prefix']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw badRequest({ prefix: [OVERRIDE_MESSAGES.duplicate] });
    return row.id;
  });
  return toAnswer(await selectOverrides(db, companyId).where('o.id', '=', id).executeTakeFirstOrThrow());
}

/** Deletes one override of the company (404 for another company's or an unknown id). */
export async function deleteOverride(db: Kysely<Database>, companyId: number, id: number): Promise<void> {
  const result = await db
    .deleteFrom('carrier_prefix_overrides')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound();
}
