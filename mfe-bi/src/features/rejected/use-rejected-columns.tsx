// The columns of the rejected-events table: when received, the kind, carrier, tracking request, carrier event,
// what the kind means, and the source.
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type TableColumn } from '@portal/shared-ui';
import type { RejectedEvent } from '../../lib/rejected-api';
import { NS } from '../../i18n';

export function useRejectedColumns(): TableColumn<RejectedEvent>[] {
  const { t } = useTranslation(NS);
  return [
    {
      key: 'received_at',
      header: t('rejected.col.received'),
      render: (r) => formatTimestamp(r.received_at),
      width: '9.5rem',
    },
    {
      key: 'kind',
      header: t('rejected.col.kind'),
      render: (r) => (
        <span className={`bi-kind bi-kind--${r.kind}`} title={t(`rejected.kindHelp.${r.kind}`)}>
          {t(`rejected.kind.${r.kind}`)}
        </span>
      ),
    },
    { key: 'carrier', header: t('carrier'), render: (r) => r.carrier?.short_name ?? '' },
    { key: 'tracking_request', header: t('rejected.col.request'), render: (r) => <RequestCell r={r} /> },
    { key: 'event', header: t('rejected.col.event'), render: (r) => <EventCell r={r} /> },
    { key: 'what', header: t('rejected.col.what'), render: (r) => t(`rejected.kindHelp.${r.kind}`) },
    { key: 'source', header: t('rejected.col.source'), render: (r) => t(`rejected.source.${r.source}`) },
  ];
}

function RequestCell({ r }: { r: RejectedEvent }) {
  const { t } = useTranslation(NS);
  if (!r.tracking_request) return <span className="bi-rejected__muted">{t('rejected.noRequest')}</span>;
  return (
    <span className="bi-rejected__request">
      <span>
        {t(`rejected.codeType.${r.tracking_request.code_type}`)} {r.tracking_request.code_value}
      </span>
      <span className="bi-rejected__muted">
        #{r.tracking_request.id} · {r.tracking_request.company.name}
      </span>
    </span>
  );
}

function EventCell({ r }: { r: RejectedEvent }) {
  const { t } = useTranslation(NS);
  return (
    <span className="bi-rejected__request">
      <span>
        {r.event_type ? t(`rejected.eventType.${r.event_type}`, { defaultValue: r.event_type }) : '—'}
      </span>
      {r.event_id && (
        <code className="bi-rejected__id" title={r.event_id}>
          {r.event_id}
        </code>
      )}
    </span>
  );
}
