// Loads what the teams and projects pages show: the company's users (the pickers offer only these), its
// teams and its projects.
import { useEffect, useState } from 'react';
import type { UserSummary } from '@portal/shared-api';
import { configApi, type Group } from '../../lib/api';
import { notifyFailure } from '../../lib/notices';

export function useGroupsData() {
  const [users, setUsers] = useState<UserSummary[]>([]);
  const [teams, setTeams] = useState<Group[] | null>(null);
  const [projects, setProjects] = useState<Group[] | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([configApi.users(), configApi.groups('teams'), configApi.groups('projects')])
      .then(([u, t, p]) => {
        if (!live) return;
        setUsers(u);
        setTeams(t);
        setProjects(p);
      })
      .catch(notifyFailure);
    return () => {
      live = false;
    };
  }, []);
  return { users, teams, setTeams, projects, setProjects };
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
