// /api/teams/: the company's teams with coordinators and members (list, detail, create, change,
// delete). Writing needs write permission and the manager flag (spec section 6).
import { canWrite } from '../../plugins/auth';
import { groupRoutes } from './group-routes';

export const teamRoutes = groupRoutes({
  resource: 'teams',
  table: 'teams',
  noun: 'team',
  title: 'Team',
  links: [
    { field: 'coordinators', table: 'team_coordinators', fk: 'team_id', description: 'Team coordinators' },
    { field: 'members', table: 'team_members', fk: 'team_id', description: 'Team members' },
  ],
  mayWrite: (profile) => canWrite(profile.role_id) && profile.is_manager,
  writeRule: 'Needs write permission and the manager flag (otherwise 403).',
});
