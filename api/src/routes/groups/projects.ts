// /api/projects/: the company's projects with their subscribers (list, detail, create, change,
// delete). Writing needs write permission (spec section 6).
import { sql } from 'kysely';
import { groupRoutes, writeAllowed } from './group-routes';

export const projectRoutes = groupRoutes({
  resource: 'projects',
  table: 'projects',
  noun: 'project',
  title: 'Project',
  links: [
    {
      field: 'subscribers',
      table: 'project_subscribers',
      fk: 'project_id',
      description: 'Users who follow the project',
    },
  ],
  mayWrite: writeAllowed,
  writeRule: 'Needs write permission (limited users: 403).',
  // Tracking requests lose the project through their foreign key (ON DELETE SET NULL); their
  // shipments carry a copy of project_id without a foreign key.
  beforeDelete: async (trx, companyId, id) => {
    await sql`UPDATE shipments SET project_id = NULL WHERE company_id = ${companyId} AND project_id = ${id}`.execute(
      trx,
    );
  },
});
