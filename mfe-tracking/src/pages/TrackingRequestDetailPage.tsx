// Route page /tracking-requests/{id}: the request's read-only fields, client code and project editable in place
// while the status is new (write permission), its shipments with Show All / Exclude Hidden and Hide/Show, and
// Retry / Archive / Cancel at the bottom.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canWrite as canWriteOf, useSession } from '@portal/shared-api';
import { useProjects } from '@portal/shared-api/queries';
import { usePageSpinner } from '@portal/shared-ui';
import { Link, useParams } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { RequestActions } from '../features/common/RequestActions';
import { RequestShipments } from '../features/common/RequestShipments';
import { RequestFacts } from '../features/detail/RequestFacts';
import { useTrackingRequest } from '../features/detail/use-tracking-request';
import { offeredActions } from '../lib/status-rules';
import { ensureTrackingStyles } from '../lib/styles';

export function TrackingRequestDetailPage() {
  ensureTrackingStyles();
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const writable = useSession((state) => canWriteOf(state.user));
  const projects = useProjects();
  const { load, update, reload } = useTrackingRequest(Number(id));

  // the whole page waits for the request: the shell's global spinner
  usePageSpinner(load.state === 'loading', t('actions.loading', { ns: 'common' }));

  const heading = <h1>{t('trackingRequestDetail.title', { id })}</h1>;

  if (load.state !== 'ready') {
    return <MissingRequest heading={heading} loading={load.state === 'loading'} />;
  }

  const request = load.request;
  const offered = offeredActions(request, 'detail');
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
      <RequestFacts request={request} writable={writable} projects={projects} onChange={update} />
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
              reload();
            }}
          />
        </div>
      )}
    </section>
  );
}

/** Before the request is there: its title over the shell's loading spinner; when it does not exist: a note and the way back to the list. */
function MissingRequest({ heading, loading }: { heading: ReactNode; loading: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <section className="pui-page trk-page" data-testid="page-tracking-request-detail-page">
      <header className="trk-page__head">
        <div>{heading}</div>
      </header>
      {loading ? null : (
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
