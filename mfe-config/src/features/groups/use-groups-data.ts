// Loads what the teams and projects pages show: the company's users (the pickers offer only these), its
// teams and its projects.
import { useCallback } from 'react';
import type { UserSummary } from '@portal/shared-api';
import { invalidateProjects, queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { configApi, type Group } from '../../lib/api';
import { useFailureNotice } from '../../lib/notices';

interface GroupsData {
  users: UserSummary[];
  teams: Group[];
  projects: Group[];
}

type GroupsUpdate = (list: Group[] | null) => Group[];

const NO_USERS: UserSummary[] = [];

async function loadGroups(): Promise<GroupsData> {
  const [users, teams, projects] = await Promise.all([
    configApi.users(),
    configApi.groups('teams'),
    configApi.groups('projects'),
  ]);
  return { users, teams, projects };
}

/**
 * The users, teams and projects of the caller's company (asked for on every visit of the teams or projects page;
 * the other page's visit shows the cached lists at once while they are asked for again). `setTeams` and
 * `setProjects` apply a saved write to the cache; a projects write also makes every screen's project list
 * (the filters, the request form) ask again.
 */
export function useGroupsData() {
  const client = useQueryClient();
  const { data, error } = useQuery({ queryKey: queryKeys.config.groups, queryFn: loadGroups });
  useFailureNotice(error);

  const update = useCallback(
    (field: 'teams' | 'projects', change: GroupsUpdate) =>
      client.setQueryData<GroupsData>(queryKeys.config.groups, (current) =>
        current ? { ...current, [field]: change(current[field]) } : current,
      ),
    [client],
  );
  const setTeams = useCallback((change: GroupsUpdate) => void update('teams', change), [update]);
  const setProjects = useCallback(
    (change: GroupsUpdate) => {
      update('projects', change);
      void invalidateProjects(client);
    },
    [client, update],
  );
  return {
    users: data?.users ?? NO_USERS,
    teams: data?.teams ?? null,
    setTeams,
    projects: data?.projects ?? null,
    setProjects,
  };
}

/** Replaces (or adds at the top) one group of a list. */
export const upsert = (list: Group[] | null, group: Group): Group[] => {
  const current = list ?? [];
  return current.some((g) => g.id === group.id)
    ? current.map((g) => (g.id === group.id ? group : g))
    : [group, ...current];
};

/** The ids of a team's people (coordinators and members). */
export const teamPeople = (team: Group): number[] => [
  ...new Set([...(team.coordinators ?? []), ...(team.members ?? [])].map((u) => u.id)),
];
