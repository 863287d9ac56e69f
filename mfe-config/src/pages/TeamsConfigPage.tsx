// /teams-config (write permission and the manager flag; the shell sends others to /dashboard): the
// company's teams with coordinators and members. What a team means here is written on the page and in the
// README: a group of colleagues following the same projects (see the projects page's "Add team").
import { useTranslation } from 'react-i18next';
import { canEditTeams, useSession } from '@portal/shared-api';
import { Navigate } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { CreateGroup } from '../features/groups/CreateGroup';
import { GroupCard } from '../features/groups/GroupCard';
import { teamPeople, upsert, useGroupsData } from '../features/groups/use-groups-data';
import type { Group } from '../lib/api';
import { Listed } from '../lib/Listed';
import { ensureConfigStyles } from '../lib/styles';

function FollowedProjects({ team, projects }: { team: Group; projects: Group[] }) {
  const { t } = useTranslation(NS);
  const people = new Set(teamPeople(team));
  const followed = projects
    .map((p) => ({ p, n: (p.subscribers ?? []).filter((u) => people.has(u.id)).length }))
    .filter((x) => x.n > 0);
  return (
    <div className="cfg-group__body" data-testid={`cfg-group-${team.id}-follows`}>
      <div>
        <strong>{t('teamsConfig.follows')}</strong>
        {followed.length === 0 ? (
          <p className="cfg-muted">{t('teamsConfig.followsNone')}</p>
        ) : (
          <ul className="cfg-people">
            {followed.map(({ p, n }) => (
              <li key={p.id} className="cfg-person" style={{ paddingRight: 10 }}>
                <span>
                  {p.name} ({n}/{people.size})
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function TeamsConfigPage() {
  ensureConfigStyles();
  const { t } = useTranslation(NS);
  const user = useSession((s) => s.user);
  const { users, teams, setTeams, projects } = useGroupsData();
  if (user && !canEditTeams(user)) return <Navigate to="/dashboard" replace />;

  return (
    <section className="pui-page cfg-page" data-testid="page-teams-config-page">
      <header>
        <h1>{t('teamsConfig.title')}</h1>
        <p className="cfg-muted">{t('teamsConfig.subtitle')}</p>
      </header>
      <p className="cfg-note" data-testid="cfg-team-meaning">
        {t('teamsConfig.meaning')}
      </p>
      <CreateGroup
        resource="teams"
        label={t('teamsConfig.newName')}
        onCreated={(g) => setTeams((list) => upsert(list, g))}
      />
      <Listed items={teams} empty={t('teamsConfig.empty')}>
        {(list) => (
          <ul className="cfg-groups">
            {list.map((team) => (
              <GroupCard
                key={team.id}
                resource="teams"
                group={team}
                users={users}
                links={[
                  { field: 'coordinators', label: t('teamsConfig.coordinators') },
                  { field: 'members', label: t('teamsConfig.members') },
                ]}
                confirmText={t('teamsConfig.confirmText')}
                onChanged={(g) => setTeams((list) => upsert(list, g))}
                onDeleted={(id) => setTeams((list) => (list ?? []).filter((g) => g.id !== id))}
                extra={<FollowedProjects team={team} projects={projects ?? []} />}
              />
            ))}
          </ul>
        )}
      </Listed>
    </section>
  );
}
