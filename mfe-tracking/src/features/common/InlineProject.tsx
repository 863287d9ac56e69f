// The project of a request, changed in place from a select (PATCH of project_id).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingRequestsApi, type Project } from '@portal/shared-api';
import { Spinner } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyRequestError, notifyRequestSaved } from '../../lib/notices';

export interface InlineProjectProps {
  requestId: number;
  projectId: number | null;
  projects: Project[];
  onSaved: (projectId: number | null, projectName: string | null) => void;
  id?: string;
}

export function InlineProject({ requestId, projectId, projects, onSaved, id }: InlineProjectProps) {
  const { t } = useTranslation(NS);
  const [saving, setSaving] = useState(false);

  const change = async (raw: string) => {
    const next = raw === '' ? null : Number(raw);
    if (next === projectId) return;
    setSaving(true);
    try {
      const answer = await trackingRequestsApi.patch(requestId, { project_id: next });
      onSaved(
        answer?.project_id ?? next,
        answer?.project ?? projects.find((p) => p.id === next)?.name ?? null,
      );
      notifyRequestSaved();
    } catch (error) {
      notifyRequestError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <span className="trk-inline">
      <select
        id={id}
        className="pui-select"
        value={projectId === null ? '' : String(projectId)}
        disabled={saving}
        aria-label={t('inline.project', { id: requestId })}
        onChange={(event) => void change(event.target.value)}
      >
        <option value="">{t('inline.noProject')}</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
      {saving && <Spinner size="sm" label={t('inline.saving')} />}
    </span>
  );
}
