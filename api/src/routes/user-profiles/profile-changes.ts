// The body of PATCH user-profiles/{id}/ read into the columns it changes: read-only fields must keep their
// value, day counts are stored negative, attention-required codes must be known; every problem at once.
import type { Kysely } from 'kysely';
import type { Database, UserProfile } from '../../db/types';
import { ErrorCollector, MESSAGES } from '../../lib/errors';
import { knownEventCodes } from '../../services/user-profiles';
import { EDITABLE_FIELD_NAMES, JSON_FIELDS, READ_ONLY_FIELDS } from './schema';

/** Attention-required codes must be codes of GET /api/event-codes/ (one query for both lists). */
async function checkEventCodes(
  db: Kysely<Database>,
  body: Record<string, unknown>,
  problems: ErrorCollector,
  changes: Record<string, unknown>,
) {
  const codeFields = ['attention_required_event_codes', 'email_report_attention_required_event_codes'];
  const sent = codeFields.flatMap((f) => (Array.isArray(body[f]) ? (body[f] as number[]) : []));
  if (sent.length === 0) return;
  const known = await knownEventCodes(db, [...new Set(sent)]);
  for (const field of codeFields) {
    const list = body[field];
    if (!Array.isArray(list)) continue;
    const unknown = [...new Set(list as number[])].filter((c) => !known.has(c));
    for (const code of unknown) problems.add(field, `Invalid pk "${code}" - object does not exist.`);
    if (unknown.length === 0) changes[field] = JSON.stringify([...new Set(list as number[])]);
  }
}

/** The profile columns `body` changes on `target` (400 with every problem). */
export async function profileChanges(
  db: Kysely<Database>,
  target: UserProfile,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const problems = new ErrorCollector();
  const current: Record<(typeof READ_ONLY_FIELDS)[number], unknown> = {
    company: target.company_id,
    role: target.role_id,
    is_manager: target.is_manager,
  };
  for (const field of READ_ONLY_FIELDS) {
    if (body[field] !== undefined && body[field] !== current[field])
      problems.add(field, MESSAGES.cannotChange);
  }
  const changes: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELD_NAMES) {
    if (body[field] === undefined) continue;
    let value = body[field];
    if (field === 'days_in_advance' || field === 'email_report_days_in_advance') {
      if (value === 0) problems.add(field, MESSAGES.notZero);
      value = -Math.abs(value as number);
    }
    changes[field] = JSON_FIELDS.includes(field) ? JSON.stringify(value) : value;
  }
  await checkEventCodes(db, body, problems, changes);
  problems.throwIfAny();
  return changes;
}
