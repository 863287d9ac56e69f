// The calls of the config pages that shared-api does not have yet: every page of the company's users,
// event codes, teams and projects, their writes, and the number of tracking requests and shipments of a
// project (the lists filtered by project). Candidates to move to shared-api.
import {
  allPages,
  api,
  type ApiAnswer,
  type ApiBody,
  type EventCode,
  type Id,
  type Project,
  type Team,
  type UserSummary,
} from '@portal/shared-api';

/** An event code as GET event-codes answers it (with the Spanish description and its group). */
export type EventCodeFull = EventCode;

/** What POST / PATCH projects and teams take (a project's subscribers, a team's coordinators and members). */
export type GroupWrite = ApiBody<'/api/projects/{id}/', 'patch'> & ApiBody<'/api/teams/{id}/', 'patch'>;

export type GroupResource = 'projects' | 'teams';
export type Group = (Project | Team) & { id: Id; name: string } & Partial<Project & Team>;

export const configApi = {
  /** The active users of the caller's company (the only ones the pickers offer). */
  users: () => allPages<UserSummary>('users'),
  groups: (resource: GroupResource) => allPages<Group>(resource),
  create: (resource: GroupResource, body: GroupWrite) => api.post<Group>(resource, body),
  update: (resource: GroupResource, id: Id, body: GroupWrite) => api.patch<Group>(`${resource}/${id}`, body),
  remove: (resource: GroupResource, id: Id) => api.delete<null>(`${resource}/${id}`),
  /** How many tracking requests and shipments carry the project (the lists filtered by it). */
  projectUsage: async (id: Id) => {
    const [requests, shipments] = await Promise.all([
      api.get<ApiAnswer<'/api/tracking-requests/'>>('tracking-requests', {
        query: { project_id: String(id) },
      }),
      api.get<ApiAnswer<'/api/shipments/'>>('shipments', { query: { project: String(id) } }),
    ]);
    return { requests: requests.count, shipments: shipments.count };
  },
};
