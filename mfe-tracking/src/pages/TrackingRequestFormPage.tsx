// Route page /add-tracking-request: the single request form and the bulk upload. Without write permission the
// save is refused and the user is sent to the dashboard (spec section 5).
import { useTranslation } from 'react-i18next';
import { canWrite as canWriteOf, useSession } from '@portal/shared-api';
import { DURATIONS, notifyError } from '@portal/shared-ui';
import { useBack, useNavigate } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { BulkUpload } from '../features/form/BulkUpload';
import { RequestForm } from '../features/form/RequestForm';
import { useCarriers, useProjects } from '@portal/shared-api/queries';
import { ensureTrackingStyles } from '../lib/styles';

export function TrackingRequestFormPage() {
  ensureTrackingStyles();
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const writable = useSession((state) => canWriteOf(state.user));
  const carriers = useCarriers();
  const projects = useProjects();

  const refuse = () => {
    notifyError(t('errors.title', { ns: 'common' }), t('notices.refused'), DURATIONS.trackingRequest);
    void navigate('/dashboard');
  };

  const back = useBack('/tracking-requests');

  return (
    <section className="pui-page trk-page" data-testid="page-tracking-request-form-page">
      <header className="trk-page__head">
        <div>
          <h1>{t('trackingRequestAdd.title')}</h1>
          <p className="trk-page__subtitle">{t('trackingRequestAdd.subtitle')}</p>
        </div>
      </header>
      <div className="trk-card">
        <h2>{t('trackingRequestAdd.single')}</h2>
        {!writable && (
          <p className="trk-note" role="note" data-testid="form-read-only">
            {t('trackingRequestAdd.readOnly')}
          </p>
        )}
        <RequestForm
          carriers={carriers}
          projects={projects}
          writable={writable}
          onRefused={refuse}
          onSaved={() => void navigate('/tracking-requests')}
          onBack={back}
        />
      </div>
      {writable && (
        <div className="trk-card">
          <h2>{t('bulk.title')}</h2>
          <BulkUpload />
        </div>
      )}
    </section>
  );
}
