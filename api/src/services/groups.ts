// A company's named groups of users (projects with subscribers, teams with coordinators and members): the
// reads, the name check, the writes with their link tables and the answer objects. The HTTP side (schemas,
// permissions, replies) is routes/groups/group-routes.ts.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/types';
import { notFound } from '../lib/errors';
import { countRows } from '../lib/pagination';
import type { UserSummary } from './users';

/** A link table from a group to its users. */
export interface GroupLinkTable {
  /** Field of the answer and body (e.g. `subscribers`). */
  field: string;
  table: 'project_subscribers' | 'team_coordinators' | 'team_members';
  /** Column of the link table pointing to the group. */
  fk: 'project_id' | 'team_id';
}

export interface GroupTables {
  table: 'projects' | 'teams';
  links: GroupLinkTable[];
  /** Runs in the delete transaction before the row goes (e.g. clearing references). */
  beforeDelete?: (trx: Transaction<Database>, companyId: number, id: number) => Promise<void>;
}

export interface GroupRow {
  id: number;
  name: string;
  created_at: Date;
  modified_at: Date;
}

/** The ordering fields of a group list. */
export const GROUP_ORDERING = ['id', 'name', 'created_at', 'modified_at'] as const;

async function membersOf(
  db: Kysely<Database>,
  link: GroupLinkTable,
  ids: number[],
): Promise<Map<number, UserSummary[]>> {
  const out = new Map<number, UserSummary[]>();
  if (ids.length === 0) return out;
  const rows = await sql<UserSummary & { group_id: number }>`
    SELECT l.${sql.ref(link.fk)} AS group_id, u.id, u.username, u.first_name, u.last_name, u.email
    FROM ${sql.table(link.table)} l JOIN users u ON u.id = l.user_id
    WHERE l.${sql.ref(link.fk)} = ANY(${ids}::int[])
    ORDER BY u.username, u.id`.execute(db);
  for (const { group_id, ...user } of rows.rows) {
    const list = out.get(group_id) ?? [];
    list.push(user);
    out.set(group_id, list);
  }
  return out;
}

/** The answer objects of `rows`, with their linked users. */
export async function groupAnswers(
  db: Kysely<Database>,
  group: GroupTables,
  rows: GroupRow[],
): Promise<Record<string, unknown>[]> {
  const ids = rows.map((r) => r.id);
  const members = await Promise.all(group.links.map((l) => membersOf(db, l, ids)));
  return rows.map((r) => {
    const item: Record<string, unknown> = { id: r.id, name: r.name };
    group.links.forEach((l, i) => (item[l.field] = members[i].get(r.id) ?? []));
    item.created_at = r.created_at.toISOString();
    item.modified_at = r.modified_at.toISOString();
    return item;
  });
}

/** The company's group `id`, or 404. */
export async function findGroup(
  db: Kysely<Database>,
  group: GroupTables,
  companyId: number,
  id: number,
): Promise<GroupRow> {
  const row = await db
    .selectFrom(group.table)
    .select(['id', 'name', 'created_at', 'modified_at'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The id of the company's group called `name` (case-insensitive), if any. */
export async function groupIdByName(
  db: Kysely<Database>,
  group: GroupTables,
  companyId: number,
  name: string,
): Promise<number | undefined> {
  const clash = await db
    .selectFrom(group.table)
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return clash?.id;
}

/** The company's groups, optionally filtered by a LIKE pattern on the name: the count and one page. */
export function groupList(
  db: Kysely<Database>,
  group: GroupTables,
  companyId: number,
  namePattern: string | undefined,
  order: { key: (typeof GROUP_ORDERING)[number]; direction: 'asc' | 'desc' },
) {
  let q = db.selectFrom(group.table).where('company_id', '=', companyId);
  if (namePattern !== undefined) q = q.where('name', 'ilike', namePattern);
  return {
    count: () => countRows(q),
    page: (limit: number, offset: number): Promise<GroupRow[]> =>
      q
        .select(['id', 'name', 'created_at', 'modified_at'])
        .orderBy(order.key === 'name' ? sql`lower(name)` : sql.ref(order.key), order.direction)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}

/** Replaces the given link lists (a field left out keeps its users). */
async function saveLinks(
  trx: Transaction<Database>,
  group: GroupTables,
  id: number,
  lists: Record<string, number[]>,
) {
  for (const link of group.links) {
    const ids = lists[link.field];
    if (!ids) continue;
    await sql`DELETE FROM ${sql.table(link.table)} WHERE ${sql.ref(link.fk)} = ${id}`.execute(trx);
    if (ids.length) {
      await sql`INSERT INTO ${sql.table(link.table)} (${sql.ref(link.fk)}, user_id)
                SELECT ${id}, unnest(${ids}::int[])`.execute(trx);
    }
  }
}

/** Creates the group with its links in one transaction; returns the id (a name clash rejects with 23505). */
export async function createGroup(
  db: Kysely<Database>,
  group: GroupTables,
  companyId: number,
  name: string,
  lists: Record<string, number[]>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto(group.table)
      .values({ company_id: companyId, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveLinks(trx, group, row.id, lists);
    return row.id;
  });
}

/** Changes the name (when given) and the given link lists in one transaction (a name clash rejects with 23505). */
export async function updateGroup(
  db: Kysely<Database>,
  group: GroupTables,
  id: number,
  name: string | undefined,
  lists: Record<string, number[]>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable(group.table)
      .set({ ...(name ? { name } : {}), modified_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await saveLinks(trx, group, id, lists);
  });
}

export async function deleteGroup(
  db: Kysely<Database>,
  group: GroupTables,
  companyId: number,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await group.beforeDelete?.(trx, companyId, id);
    await trx.deleteFrom(group.table).where('id', '=', id).execute();
  });
}

/**
 * Before a project goes: tracking requests lose it through their foreign key (ON DELETE SET NULL); their
 * shipments carry a copy of project_id without a foreign key, cleared here.
 */
export async function clearShipmentProject(
  trx: Transaction<Database>,
  companyId: number,
  projectId: number,
): Promise<void> {
  await sql`UPDATE shipments SET project_id = NULL WHERE company_id = ${companyId} AND project_id = ${projectId}`.execute(
    trx,
  );
}
