// The detail page's card of a tracking request's fields: read-only ones, client code and project editable in
// place while the status allows it (write permission), and the request's distinct warnings.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project, TrackingRequestRecord } from '@portal/shared-api';
import { NS } from '../../i18n';
import { HealthCounts } from '../common/HealthCounts';
import { InlineClientCode } from '../common/InlineClientCode';
import { InlineProject } from '../common/InlineProject';
import { StatusBadge } from '../common/StatusBadge';
import { formatDate, formatDateTime, NONE } from '../../lib/format';
import { distinctWarnings } from '../../lib/request-texts';
import { isEditable } from '../../lib/status-rules';

interface Props {
  request: TrackingRequestRecord;
  writable: boolean;
  projects: Project[];
  /** A saved inline edit, to show. */
  onChange: (change: Partial<TrackingRequestRecord>) => void;
}

export function RequestFacts({ request, writable, projects, onChange }: Props) {
  const { t } = useTranslation(NS);
  const warnings = distinctWarnings(request.warnings);
  return (
    <div className="trk-card">
      {!isEditable(request.status) && writable && (
        <p className="trk-note">{t('trackingRequestDetail.readOnly')}</p>
      )}
      <dl className="trk-facts">
        <Fact label={t('columns.code_type')}>
          {t(`codeType.${request.code_type}`, { defaultValue: request.code_type })}
        </Fact>
        <Fact label={t('columns.code_value')} mono>
          {request.code_value}
        </Fact>
        <Fact label={t('columns.carrier')}>{request.carrier}</Fact>
        <Fact label={t('columns.status')}>
          <StatusBadge status={request.status} />
        </Fact>
        <Fact label={t('columns.created_at')}>{formatDateTime(request.created_at)}</Fact>
        <Fact label={t('columns.contractual_eta_pod')}>{formatDate(request.contractual_eta_pod)}</Fact>
        <Fact label={t('columns.contractual_eta_dlv')}>{formatDate(request.contractual_eta_dlv)}</Fact>
        <EditableFacts request={request} writable={writable} projects={projects} onChange={onChange} />
        <Fact label={t('columns.shipments_count')}>{request.shipments_count}</Fact>
        <Fact label={t('columns.shipments_health')}>
          <HealthCounts counts={request.shipments_health} withLabels />
        </Fact>
        <Fact label={t('columns.last_update')}>{formatDateTime(request.last_update)}</Fact>
        {request.container_filter?.length > 0 && (
          <Fact label={t('columns.container_filter')} mono>
            {request.container_filter.join(', ')}
          </Fact>
        )}
      </dl>
      {warnings.length > 0 && (
        <ul className="trk-warnings" data-testid="request-warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Fact({ label, mono, children }: { label: ReactNode; mono?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={mono ? 'trk-mono' : undefined}>{children}</dd>
    </div>
  );
}

/** A fact's name: the label of its editor (`id`) while it is edited inline, else plain text. */
const factLabel = (editing: boolean, id: string, text: string): ReactNode =>
  editing ? <label htmlFor={id}>{text}</label> : text;

/** Client code and project: an inline editor (labelled) while the request may change, else the value. */
function EditableFacts({ request, writable, projects, onChange }: Props) {
  const { t } = useTranslation(NS);
  const editable = writable && isEditable(request.status);
  const projectEditable = editable && projects.length > 0;
  return (
    <>
      <Fact label={factLabel(editable, 'tr-detail-client-code', t('columns.client_code'))}>
        {editable ? (
          <InlineClientCode
            id="tr-detail-client-code"
            requestId={request.id}
            value={request.client_code ?? ''}
            onSaved={(client_code) => onChange({ client_code })}
          />
        ) : (
          request.client_code || NONE
        )}
      </Fact>
      <Fact label={factLabel(projectEditable, 'tr-detail-project', t('columns.project'))}>
        {projectEditable ? (
          <InlineProject
            id="tr-detail-project"
            requestId={request.id}
            projectId={request.project_id}
            projects={projects}
            onSaved={(project_id, project) => onChange({ project_id, project })}
          />
        ) : (
          request.project || NONE
        )}
      </Fact>
    </>
  );
}
