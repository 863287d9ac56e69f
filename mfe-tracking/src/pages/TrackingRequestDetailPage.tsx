// Route page /tracking-requests/{id}: the request's read-only fields, client code and project editable in place
// while the status is new (write permission), its shipments with Show All / Exclude Hidden and Hide/Show, and
// Retry / Archive / Cancel at the bottom.
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  canWrite as canWriteOf,
  trackingRequestsApi,
  useSession,
  type TrackingRequestRecord,
} from '@portal/shared-api';
import { usePageSpinner } from '@portal/shared-ui';
import { Link, useParams } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { HealthCounts } from '../features/common/HealthCounts';
import { InlineClientCode } from '../features/common/InlineClientCode';
import { InlineProject } from '../features/common/InlineProject';
import { RequestActions } from '../features/common/RequestActions';
import { RequestShipments } from '../features/common/RequestShipments';
import { StatusBadge } from '../features/common/StatusBadge';
import { formatDate, formatDateTime, NONE } from '../lib/format';
import { queryKeys, useProjects, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifyRequestError } from '../lib/notices';
import { isEditable, offeredActions } from '../lib/status-rules';
import { distinctWarnings } from '../lib/request-texts';
import { ensureTrackingStyles } from '../lib/styles';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; request: TrackingRequestRecord };

export function TrackingRequestDetailPage() {
  ensureTrackingStyles();
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const requestId = Number(id);
  const writable = useSession((state) => canWriteOf(state.user));
  const projects = useProjects();
  const valid = Number.isInteger(requestId) && requestId >= 1;
  const client = useQueryClient();
  const requestKey = queryKeys.tracking.request(requestId);

  // an id that cannot exist is not asked for
  const { data: loaded, error } = useQuery({
    queryKey: requestKey,
    queryFn: ({ signal }) => trackingRequestsApi.get(requestId, signal),
    enabled: valid,
  });
  const gone = error instanceof ApiError && error.status === 404;
  // another failure after the request was shown keeps it on screen (the notice says what went wrong)
  const load: Load =
    !valid || gone || (error && !loaded)
      ? { state: 'missing' }
      : loaded
        ? { state: 'ready', request: loaded }
        : { state: 'loading' };
  useEffect(() => {
    if (error && !gone) notifyRequestError(error);
  }, [error, gone]);

  /** Applies a saved change (inline edits, a status change) to the request shown. */
  const update = useCallback(
    (change: Partial<TrackingRequestRecord>) =>
      client.setQueryData<TrackingRequestRecord>(
        queryKeys.tracking.request(requestId),
        (shown) => shown && { ...shown, ...change },
      ),
    [client, requestId],
  );

  // the whole page waits for the request: the shell's global spinner
  usePageSpinner(load.state === 'loading', t('actions.loading', { ns: 'common' }));

  const heading = <h1>{t('trackingRequestDetail.title', { id })}</h1>;

  if (load.state !== 'ready') {
    return (
      <section className="pui-page trk-page" data-testid="page-tracking-request-detail-page">
        <header className="trk-page__head">
          <div>{heading}</div>
        </header>
        {load.state === 'loading' ? null : (
          <div className="trk-card">
            <p>{t('trackingRequestDetail.notFound')}</p>
            <Link className="trk-link" to="/tracking-requests">
              {t('trackingRequestDetail.backToList')}
            </Link>
          </div>
        )}
      </section>
    );
  }

  const request = load.request;
  const editable = writable && isEditable(request.status);
  const offered = offeredActions(request, 'detail');
  const warnings = distinctWarnings(request.warnings);
  const hasActions = offered.retry.offered || offered.archive.offered || offered.cancel.offered;

  return (
    <section className="pui-page trk-page" data-testid="page-tracking-request-detail-page">
      <header className="trk-page__head">
        <div>
          {heading}
          <p className="trk-page__subtitle">
            <span className="trk-mono">{request.code_value}</span> · {request.carrier}
          </p>
        </div>
        <Link className="trk-link" to="/tracking-requests">
          {t('trackingRequestDetail.backToList')}
        </Link>
      </header>
      <div className="trk-card">
        {!isEditable(request.status) && writable && (
          <p className="trk-note">{t('trackingRequestDetail.readOnly')}</p>
        )}
        <dl className="trk-facts">
          <div>
            <dt>{t('columns.code_type')}</dt>
            <dd>{t(`codeType.${request.code_type}`, { defaultValue: request.code_type })}</dd>
          </div>
          <div>
            <dt>{t('columns.code_value')}</dt>
            <dd className="trk-mono">{request.code_value}</dd>
          </div>
          <div>
            <dt>{t('columns.carrier')}</dt>
            <dd>{request.carrier}</dd>
          </div>
          <div>
            <dt>{t('columns.status')}</dt>
            <dd>
              <StatusBadge status={request.status} />
            </dd>
          </div>
          <div>
            <dt>{t('columns.created_at')}</dt>
            <dd>{formatDateTime(request.created_at)}</dd>
          </div>
          <div>
            <dt>{t('columns.contractual_eta_pod')}</dt>
            <dd>{formatDate(request.contractual_eta_pod)}</dd>
          </div>
          <div>
            <dt>{t('columns.contractual_eta_dlv')}</dt>
            <dd>{formatDate(request.contractual_eta_dlv)}</dd>
          </div>
          <div>
            <dt>
              {editable ? (
                <label htmlFor="tr-detail-client-code">{t('columns.client_code')}</label>
              ) : (
                t('columns.client_code')
              )}
            </dt>
            <dd>
              {editable ? (
                <InlineClientCode
                  id="tr-detail-client-code"
                  requestId={request.id}
                  value={request.client_code ?? ''}
                  onSaved={(client_code) => update({ client_code })}
                />
              ) : (
                request.client_code || NONE
              )}
            </dd>
          </div>
          <div>
            <dt>
              {editable && projects.length > 0 ? (
                <label htmlFor="tr-detail-project">{t('columns.project')}</label>
              ) : (
                t('columns.project')
              )}
            </dt>
            <dd>
              {editable && projects.length > 0 ? (
                <InlineProject
                  id="tr-detail-project"
                  requestId={request.id}
                  projectId={request.project_id}
                  projects={projects}
                  onSaved={(project_id, project) => update({ project_id, project })}
                />
              ) : (
                request.project || NONE
              )}
            </dd>
          </div>
          <div>
            <dt>{t('columns.shipments_count')}</dt>
            <dd>{request.shipments_count}</dd>
          </div>
          <div>
            <dt>{t('columns.shipments_health')}</dt>
            <dd>
              <HealthCounts counts={request.shipments_health} withLabels />
            </dd>
          </div>
          <div>
            <dt>{t('columns.last_update')}</dt>
            <dd>{formatDateTime(request.last_update)}</dd>
          </div>
          {request.container_filter?.length > 0 && (
            <div>
              <dt>{t('columns.container_filter')}</dt>
              <dd className="trk-mono">{request.container_filter.join(', ')}</dd>
            </div>
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
      <div className="trk-card">
        <h2>{t('trackingRequestDetail.shipments')}</h2>
        <RequestShipments requestId={request.id} status={request.status} manageHidden canWrite={writable} />
      </div>
      {writable && hasActions && (
        <div className="trk-card">
          <h2>{t('trackingRequestDetail.actions')}</h2>
          <RequestActions
            request={request}
            place="detail"
            onStatusChange={(status) => {
              update({ status });
              void client.invalidateQueries({ queryKey: requestKey });
            }}
          />
        </div>
      )}
    </section>
  );
}
