// The delivery log of one webhook endpoint: newest first, 30 a page, refreshed every 5 s while open; each
// delivered or failed event can be sent again. A failed attempt shows its status code or a generic reason.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Pager } from '@portal/shared-ui';
import { notifySuccess } from '@portal/shared-ui';
import { keepPreviousData, queryKeys, useQuery } from '@portal/shared-api/queries';
import { NS } from '../../i18n';
import { notifyFailure, useFailureNotice } from '../../lib/notices';
import { integrationsApi, type WebhookDelivery } from './api';
import { formatWhen, textOf } from './format';
import { IntTable } from './IntTable';

const BADGE = { succeeded: 'int-badge--ok', failed: 'int-badge--bad', pending: 'int-badge--wait' } as const;
const COLUMNS = ['time', 'event', 'status', 'attempts', 'code', 'latency', 'next'];

export function DeliveryLog({ endpointId, reloadKey }: { endpointId: number; reloadKey: number }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(1);
  // a new reloadKey (a test event was sent) asks again at once; the page shown stays until the next one arrives
  const { data, error, refetch } = useQuery({
    queryKey: [...queryKeys.config.deliveries(endpointId, page), reloadKey],
    queryFn: () => integrationsApi.deliveries(endpointId, page),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
    refetchIntervalInBackground: true,
  });
  useFailureNotice(error);
  const load = () => refetch();

  const redeliver = async (d: WebhookDelivery) => {
    try {
      await integrationsApi.redeliver(endpointId, d.id);
      notifySuccess(t('integrations.log.redelivered'));
      await load();
    } catch (error) {
      notifyFailure(error);
    }
  };

  const statuses = t('integrations.log.statuses', { returnObjects: true }) as Record<string, string>;
  const pages = data ? Math.max(1, Math.ceil(data.count / 30)) : 1;

  return (
    <div data-testid={`int-hook-${endpointId}-log`}>
      <div className="int-actions">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void load()}
          data-testid={`int-hook-${endpointId}-log-refresh`}
        >
          {t('integrations.log.refresh')}
        </Button>
      </div>
      <IntTable
        items={data?.results}
        empty={t('integrations.log.empty')}
        headers={COLUMNS.map((c) => t(`integrations.log.columns.${c}`))}
      >
        {(items) =>
          items.map((d) => (
            <DeliveryRow key={d.id} d={d} statuses={statuses} onRedeliver={(x) => void redeliver(x)} />
          ))
        }
      </IntTable>
      {pages > 1 && <Pager page={page} pageCount={pages} onPageChange={setPage} />}
    </div>
  );
}

/** One delivery: when, the event, its status, attempts, the answer's code (or why none), latency, next attempt. */
function DeliveryRow({
  d,
  statuses,
  onRedeliver,
}: {
  d: WebhookDelivery;
  statuses: Record<string, string>;
  onRedeliver: (d: WebhookDelivery) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <tr data-testid="int-delivery" data-event-id={d.event_id} data-status={d.status}>
      <td className="int-when">{formatWhen(d.last_attempt_at ?? d.created_at)}</td>
      <td>
        {textOf('integrations.hooks.eventNames', d.event_type)}
        {d.manual && <span className="cfg-muted"> ({t('integrations.log.manual')})</span>}
        <div className="int-mono cfg-muted">{d.event_id}</div>
      </td>
      <td>
        <span className={`int-badge ${BADGE[d.status]}`}>{statuses[d.status] ?? d.status}</span>
      </td>
      <td>{d.attempts}</td>
      <td>
        {d.last_status_code ?? (d.attempts > 0 ? t('integrations.log.noAnswer') : '')}
        {d.last_error && !/^HTTP \d{3}$/.test(d.last_error) && (
          <div className="cfg-muted" data-testid="int-delivery-reason">
            {textOf('integrations.log.reasons', d.last_error)}
          </div>
        )}
      </td>
      <td>{d.last_latency_ms !== null ? t('integrations.log.latencyMs', { ms: d.last_latency_ms }) : ''}</td>
      <td className="int-when">{formatWhen(d.next_attempt_at)}</td>
      <td className="int-row-actions">
        {d.status !== 'pending' && (
          <Button
            variant="link"
            size="sm"
            onClick={() => onRedeliver(d)}
            data-testid={`int-delivery-redeliver-${d.id}`}
          >
            {t('integrations.log.redeliver')}
          </Button>
        )}
      </td>
    </tr>
  );
}
