// The user's calendar feeds: create one (all the company's shipments, one project, or a saved filter when the
// user has some), copy its address (shown once: only a fingerprint of its secret is kept), list and revoke,
// with how to subscribe from Outlook and Google Calendar.
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { CalendarFeedForm } from './CalendarFeedForm';
import { CalendarFeedList } from './CalendarFeedList';
import { ensureCalendarStyles } from './styles';
import { useCalendarFeeds, useFeedRevoke } from './use-calendar-feeds';

export function CalendarFeedsCard() {
  ensureCalendarStyles();
  const { t } = useTranslation(NS);
  const feeds = useCalendarFeeds();
  const { revoking, setRevoking, revoke } = useFeedRevoke(t('calendar.revokedNotice'));

  return (
    <section className="cfg-card" aria-labelledby="cal-title" data-testid="cal-feeds">
      <h2 id="cal-title">{t('calendar.title')}</h2>
      <p className="cfg-muted">{t('calendar.intro')}</p>
      <CalendarFeedForm />
      <h3>{t('calendar.listTitle')}</h3>
      <CalendarFeedList feeds={feeds} onRevoke={setRevoking} />
      <details className="cal-help" data-testid="cal-help">
        <summary>{t('calendar.helpTitle')}</summary>
        <p>{t('calendar.helpOutlook')}</p>
        <p>{t('calendar.helpGoogle')}</p>
        <p className="cfg-muted">{t('calendar.helpNote')}</p>
      </details>
      <Modal
        open={revoking !== null}
        title={t('calendar.revokeTitle')}
        onClose={() => setRevoking(null)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              {t('calendar.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void revoke()} data-testid="cal-revoke-confirm">
              {t('calendar.revoke')}
            </Button>
          </>
        }
      >
        <p>{t('calendar.revokeText', { name: revoking?.name ?? '' })}</p>
      </Modal>
    </section>
  );
}
