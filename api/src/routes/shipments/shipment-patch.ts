// The body of PATCH shipments/{id}/ read into the changes it asks for: client_code, project (or project_id) and
// hide (or hidden), every problem reported at once in the messages of the former API.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { ErrorCollector } from '../../lib/errors';
import { isCompanyProject } from '../../services/shipments';
import { hasProjectsTable } from '../../services/shipments/serializer';

export interface ShipmentChanges {
  client_code?: string;
  project_id?: number | null;
  hidden?: boolean;
}

function readClientCode(body: Record<string, unknown>, problems: ErrorCollector, changes: ShipmentChanges) {
  const v = body.client_code;
  if (v === null) problems.add('client_code', 'This field may not be null.');
  else if (typeof v !== 'string') problems.add('client_code', 'Not a valid string.');
  else if (v.length > 150) problems.add('client_code', 'Ensure this field has no more than 150 characters.');
  else changes.client_code = v.trim();
}

async function readProject(
  db: Kysely<Database>,
  companyId: number,
  v: unknown,
  projectKey: string,
  problems: ErrorCollector,
  changes: ShipmentChanges,
) {
  if (v === null || v === '') changes.project_id = null;
  else if (typeof v !== 'number' || !Number.isInteger(v)) {
    problems.add(
      projectKey,
      `Incorrect type. Expected pk value, received ${Array.isArray(v) ? 'list' : typeof v === 'string' ? 'str' : typeof v}.`,
    );
  } else {
    const exists =
      v > 0 && v < 2 ** 31 && (await hasProjectsTable(db)) && (await isCompanyProject(db, companyId, v));
    if (!exists) problems.add(projectKey, `Invalid pk "${v}" - object does not exist.`);
    else changes.project_id = v;
  }
}

/** The changes `body` asks for (400 with every problem when any field is wrong or none is given). */
export async function shipmentChanges(
  db: Kysely<Database>,
  companyId: number,
  body: Record<string, unknown>,
): Promise<ShipmentChanges> {
  const problems = new ErrorCollector();
  const changes: ShipmentChanges = {};
  if ('client_code' in body) readClientCode(body, problems, changes);
  const projectKey = 'project' in body ? 'project' : 'project_id' in body ? 'project_id' : null;
  if (projectKey) await readProject(db, companyId, body[projectKey], projectKey, problems, changes);
  const hideKey = 'hide' in body ? 'hide' : 'hidden' in body ? 'hidden' : null;
  if (hideKey) {
    const v = body[hideKey];
    if (typeof v !== 'boolean') problems.add(hideKey, 'Must be a valid boolean.');
    else changes.hidden = v;
  }
  if (!('client_code' in body) && !projectKey && !hideKey) {
    problems.add('non_field_errors', 'Send one of the fields client_code, project or hide.');
  }
  problems.throwIfAny();
  return changes;
}
