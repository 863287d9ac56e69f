// The user's calendar feeds: name, scope, language, when created and last used (or revoked), and the revoke
// button of an active one.
import { useTranslation } from 'react-i18next';
import { Button, formatTimestamp } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { CalendarFeed } from './api';

export function CalendarFeedList({
  feeds,
  onRevoke,
}: {
  feeds: CalendarFeed[] | null;
  onRevoke: (f: CalendarFeed) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <>
      {feeds && feeds.length === 0 && <p className="cfg-muted">{t('calendar.empty')}</p>}
      {feeds && feeds.length > 0 && (
        <ul className="cal-list" data-testid="cal-list">
          {feeds.map((f) => (
            <FeedItem key={f.id} f={f} onRevoke={onRevoke} />
          ))}
        </ul>
      )}
    </>
  );
}

function FeedItem({ f, onRevoke }: { f: CalendarFeed; onRevoke: (f: CalendarFeed) => void }) {
  const { t } = useTranslation(NS);
  const scopeText =
    f.scope === 'project'
      ? `${t('calendar.project')}: ${f.project_name ?? ''}`
      : f.scope === 'template'
        ? `${t('calendar.template')}: ${f.template_name ?? ''}`
        : t('calendar.scopes.all');
  return (
    <li
      className={`cal-feed${f.revoked_at ? ' cal-feed--revoked' : ''}`}
      data-testid={`cal-feed-${f.id}`}
      data-status={f.status}
    >
      <div className="cal-feed__main">
        <strong>{f.name}</strong>
        <span className="cal-feed__meta">
          {scopeText} · {t(`calendar.langs.${f.lang}`)}
        </span>
        <span className="cal-feed__meta">
          {t('calendar.created', { date: formatTimestamp(f.created_at) })} ·{' '}
          {f.revoked_at
            ? t('calendar.revokedOn', { date: formatTimestamp(f.revoked_at) })
            : f.last_used_at
              ? t('calendar.lastUsed', { date: formatTimestamp(f.last_used_at) })
              : t('calendar.neverUsed')}
        </span>
      </div>
      {!f.revoked_at && (
        <Button variant="secondary" size="sm" onClick={() => onRevoke(f)} data-testid={`cal-revoke-${f.id}`}>
          {t('calendar.revoke')}
        </Button>
      )}
    </li>
  );
}
