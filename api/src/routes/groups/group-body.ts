// The write body of a group (name and user id lists) checked against the company: every problem at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { badRequest, ErrorCollector, MESSAGES } from '../../lib/errors';
import { groupIdByName } from '../../services/groups';
import { foreignUserIds } from '../../services/users';
import type { GroupDefinition } from './group-routes';

/** Checks name and id lists; `full` (POST, PUT) requires the name. */
export async function checkGroupBody(
  db: Kysely<Database>,
  def: GroupDefinition,
  companyId: number,
  body: Record<string, unknown>,
  full: boolean,
  selfId: number | null,
) {
  const problems = new ErrorCollector();
  let name: string | undefined;
  if (body.name !== undefined) {
    name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) problems.add('name', MESSAGES.required);
  } else if (full) problems.add('name', MESSAGES.required);
  if (name) {
    const clashId = await groupIdByName(db, def, companyId, name);
    if (clashId !== undefined && clashId !== selfId)
      problems.add('name', `A ${def.noun} with this name already exists.`);
  }
  const lists: Record<string, number[]> = {};
  for (const link of def.links) {
    const value = body[link.field];
    if (value === undefined) continue;
    const ids = [...new Set(value as number[])];
    for (const bad of await foreignUserIds(db, companyId, ids)) {
      problems.add(link.field, `Invalid pk "${bad}" - object does not exist.`);
    }
    lists[link.field] = ids;
  }
  problems.throwIfAny();
  return { name, lists };
}

/** Two simultaneous writes of the same name: the unique index answers, mapped to the field error. */
export const groupNameClash =
  (def: GroupDefinition) =>
  (error: unknown): never => {
    if ((error as { code?: string }).code === '23505') {
      throw badRequest({ name: [`A ${def.noun} with this name already exists.`] });
    }
    throw error;
  };
