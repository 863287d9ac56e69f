// An opened row of the rejected-events table.
import { useTranslation } from 'react-i18next';
import type { RejectedEvent } from '../../lib/rejected-api';
import { NS } from '../../i18n';

/** A row opened: the engine's reasons and the payload as received. */
export function RejectedDetail({ r }: { r: RejectedEvent }) {
  const { t } = useTranslation(NS);
  return (
    <div className="bi-rejected__detail">
      <h3>{t('rejected.reasons')}</h3>
      <ul>
        {r.reasons.map((reason, i) => (
          <li key={i}>
            <code>{reason}</code>
          </li>
        ))}
      </ul>
      <h3>{t('rejected.payload')}</h3>
      <pre className="bi-rejected__payload">{r.payload}</pre>
      {r.payload_truncated && <p className="bi-rejected__muted">{t('rejected.truncated')}</p>}
      {r.event_created && (
        <p className="bi-rejected__muted">{t('rejected.eventCreated', { value: r.event_created })}</p>
      )}
    </div>
  );
}
