// /api/projects/: the company's projects with their subscribers (list, detail, create, change,
// delete). Writing needs write permission (spec section 6).
import { clearShipmentProject } from '../../services/groups';
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
  beforeDelete: clearShipmentProject,
});
