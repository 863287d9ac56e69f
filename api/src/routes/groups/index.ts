// /api/projects/ and /api/teams/: the two kinds of user groups of a company, built by one route factory
// (group-routes.ts) so their rules cannot drift apart.
export { projectRoutes } from './projects';
export { teamRoutes } from './teams';
