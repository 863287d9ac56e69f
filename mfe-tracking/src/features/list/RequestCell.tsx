// One cell of the tracking request list: links, badges, dates, and the inline client code and project editors
// for the requests a writer may still change.
import { useTranslation } from 'react-i18next';
import type { Project, TrackingRequestRecord } from '@portal/shared-api';
import { Link } from '@portal/shared-ui/router';
import { NS } from '../../i18n';
import { HealthCounts } from '../common/HealthCounts';
import { InlineClientCode } from '../common/InlineClientCode';
import { InlineProject } from '../common/InlineProject';
import { StatusBadge } from '../common/StatusBadge';
import { formatDate, formatDateTime, NONE } from '../../lib/format';
import { isInlineEditable } from '../../lib/status-rules';
import type { ColumnKey } from './columns';

interface Props {
  column: ColumnKey;
  row: TrackingRequestRecord;
  writable: boolean;
  projects: Project[];
  /** A saved inline edit, to show in the row. */
  onChange: (id: number, change: Partial<TrackingRequestRecord>) => void;
}

export function RequestCell({ column, row, writable, projects, onChange }: Props) {
  const { t } = useTranslation(NS);
  const editable = writable && isInlineEditable(row.status);
  switch (column) {
    case 'id':
      return (
        <Link
          className="trk-link"
          to={`/tracking-requests/${row.id}`}
          aria-label={t('actions.open', { id: row.id })}
        >
          {row.id}
        </Link>
      );
    case 'status':
      return <StatusBadge status={row.status} />;
    case 'code_type':
      return (
        <span className="trk-wrap">{t(`codeType.${row.code_type}`, { defaultValue: row.code_type })}</span>
      );
    case 'code_value':
      return <span className="trk-mono">{row.code_value}</span>;
    case 'client_code':
      return editable ? (
        <InlineClientCode
          requestId={row.id}
          value={row.client_code ?? ''}
          onSaved={(client_code) => onChange(row.id, { client_code })}
        />
      ) : (
        row.client_code || NONE
      );
    case 'project':
      return editable && projects.length > 0 ? (
        <InlineProject
          requestId={row.id}
          projectId={row.project_id}
          projects={projects}
          onSaved={(project_id, project) => onChange(row.id, { project_id, project })}
        />
      ) : (
        row.project || NONE
      );
    case 'carrier':
      return <span className="trk-wrap">{row.carrier}</span>;
    case 'shipments_count':
      return row.shipments_count;
    case 'shipments_health':
      return <HealthCounts counts={row.shipments_health} />;
    default:
      return plainCell(column, row);
  }
}

/** The cells that are only a formatted value. */
function plainCell(column: ColumnKey, row: TrackingRequestRecord) {
  switch (column) {
    case 'contractual_eta_pod':
      return formatDate(row.contractual_eta_pod);
    case 'contractual_eta_dlv':
      return formatDate(row.contractual_eta_dlv);
    case 'container_filter':
      return row.container_filter?.length ? row.container_filter.join(', ') : NONE;
    case 'last_update':
      return formatDateTime(row.last_update);
    case 'created_at':
      // the day in the column, the time on hover (the column fits at 1366 px)
      return <span title={formatDateTime(row.created_at)}>{formatDate(row.created_at)}</span>;
    case 'modified_at':
      return formatDateTime(row.modified_at);
    default:
      return null;
  }
}
