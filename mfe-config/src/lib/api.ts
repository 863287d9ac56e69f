// The calls of the config pages that shared-api does not have yet: every page of the company's users,
// event codes, teams and projects, their writes, and the number of tracking requests and shipments of a
// project (the lists filtered by project). Candidates to move to shared-api.
import {
  type ApiBody,
  type EventCode,
  type Id,
  type Project,
  type Team,
  type UserSummary,
} from '@portal/shared-api';
import { allPages, client } from '@portal/shared-api/client';

/** An event code as GET event-codes answers it (with the Spanish description and its group). */
export type EventCodeFull = EventCode;

/** What POST / PATCH projects and teams take (a project's subscribers, a team's coordinators and members). */
export type GroupWrite = ApiBody<'/api/projects/{id}/', 'patch'> & ApiBody<'/api/teams/{id}/', 'patch'>;

export type GroupResource = 'projects' | 'teams';
export type Group = (Project | Team) & { id: Id; name: string } & Partial<Project & Team>;

/** The document's path of a resource's list and of one of its rows. */
const listPath = (resource: GroupResource) => `/api/${resource}/` as const;
const rowPath = (resource: GroupResource) => `/api/${resource}/{id}/` as const;

export const configApi = {
  /** The active users of the caller's company (the only ones the pickers offer). */
  users: (): Promise<UserSummary[]> => allPages('/api/users/'),
  groups: (resource: GroupResource): Promise<Group[]> => allPages(listPath(resource)),
  create: (resource: GroupResource, body: GroupWrite): Promise<Group> =>
    client.post(listPath(resource), { json: body }),
  update: (resource: GroupResource, id: Id, body: GroupWrite): Promise<Group> =>
    client.patch(rowPath(resource), { params: { id }, json: body }),
  remove: (resource: GroupResource, id: Id) => client.delete(rowPath(resource), { params: { id } }),
  /** How many tracking requests and shipments carry the project (the lists filtered by it). */
  projectUsage: async (id: Id) => {
    const [requests, shipments] = await Promise.all([
      client.get('/api/tracking-requests/', { query: { project_id: String(id) } }),
      client.get('/api/shipments/', { query: { project: String(id) } }),
    ]);
    return { requests: requests.count, shipments: shipments.count };
  },
};
