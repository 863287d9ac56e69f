// /projects-config (write permission; the shell sends others to /dashboard): the company's projects with
// their subscribers; "Add team" subscribes a team's people at once; each project shows how many tracking
// requests and shipments carry it, with links to those lists.
import { useTranslation } from 'react-i18next';
import { canWrite, useSession } from '@portal/shared-api';
import { queryKeys, useQuery } from '@portal/shared-api/queries';
import { Select } from '@portal/shared-ui';
import { Link, Navigate } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { CreateGroup } from '../features/groups/CreateGroup';
import { GroupCard } from '../features/groups/GroupCard';
import { teamPeople, upsert, useGroupsData } from '../features/groups/use-groups-data';
import { configApi, type Group } from '../lib/api';
import { notifyFailure, notifySaved } from '../lib/notices';
import { Listed } from '../lib/Listed';
import { ensureConfigStyles } from '../lib/styles';

function ProjectExtras({
  project,
  teams,
  onChanged,
}: {
  project: Group;
  teams: Group[];
  onChanged: (g: Group) => void;
}) {
  const { t } = useTranslation(NS);
  // while it loads, and if it fails, the text says it is loading (as it always did)
  const usage =
    useQuery({
      queryKey: queryKeys.config.projectUsage(project.id),
      queryFn: () => configApi.projectUsage(project.id),
    }).data ?? null;

  const addTeam = async (teamId: string) => {
    const team = teams.find((x) => String(x.id) === teamId);
    if (!team) return;
    const ids = [...new Set([...(project.subscribers ?? []).map((u) => u.id), ...teamPeople(team)])];
    try {
      onChanged(await configApi.update('projects', project.id, { subscribers: ids }));
      notifySaved();
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <div className="cfg-group__body">
      {teams.length > 0 && (
        <Select
          label={t('projectsConfig.addTeam')}
          value=""
          placeholder={t('projectsConfig.addTeamPlaceholder')}
          options={teams.map((x) => ({ value: String(x.id), label: x.name }))}
          onChange={(teamId) => void addTeam(teamId)}
          id={`cfg-group-${project.id}-add-team`}
        />
      )}
      <div data-testid={`cfg-group-${project.id}-usage`}>
        <strong>{t('projectsConfig.usage')}</strong>
        <p className="cfg-muted" data-testid={`cfg-group-${project.id}-usage-text`}>
          {usage
            ? `${t('projectsConfig.usageRequests', { count: usage.requests })} · ${t('projectsConfig.usageShipments', { count: usage.shipments })}`
            : t('groups.loading')}
        </p>
        <div className="cfg-links">
          <Link to={`/tracking-requests?project_id=${project.id}`}>{t('projectsConfig.showRequests')}</Link>
          <Link to={`/shipments?project=${project.id}`}>{t('projectsConfig.showShipments')}</Link>
        </div>
      </div>
    </div>
  );
}

export function ProjectsConfigPage() {
  ensureConfigStyles();
  const { t } = useTranslation(NS);
  const user = useSession((s) => s.user);
  const { users, teams, projects, setProjects } = useGroupsData();
  if (user && !canWrite(user)) return <Navigate to="/dashboard" replace />;
  const changed = (g: Group) => setProjects((list) => upsert(list, g));

  return (
    <section className="pui-page cfg-page" data-testid="page-projects-config-page">
      <header>
        <h1>{t('projectsConfig.title')}</h1>
        <p className="cfg-muted">{t('projectsConfig.subtitle')}</p>
      </header>
      <CreateGroup resource="projects" label={t('projectsConfig.newName')} onCreated={changed} />
      <Listed items={projects} empty={t('projectsConfig.empty')}>
        {(list) => (
          <ul className="cfg-groups">
            {list.map((project) => (
              <GroupCard
                key={project.id}
                resource="projects"
                group={project}
                users={users}
                links={[{ field: 'subscribers', label: t('projectsConfig.subscribers') }]}
                confirmText={t('projectsConfig.confirmText')}
                onChanged={changed}
                onDeleted={(id) => setProjects((list) => (list ?? []).filter((g) => g.id !== id))}
                extra={<ProjectExtras project={project} teams={teams ?? []} onChanged={changed} />}
              />
            ))}
          </ul>
        )}
      </Listed>
    </section>
  );
}
