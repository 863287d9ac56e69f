// Webhook endpoints of the company: register (URL, events, description), the signing secret shown once (after
// registering and after a rotation, which keeps the previous secret signing for 24 h), enable or disable,
// send a test event, open the delivery log, delete.
import { useTranslation } from 'react-i18next';
import { queryKeys, useQueryClient } from '@portal/shared-api/queries';
import { NS } from '../../i18n';
import { Listed } from '../../lib/Listed';
import { integrationsApi, type WebhookEndpoint } from './api';
import { useCompanyList } from './use-company-list';
import { WebhookCreateForm } from './WebhookCreateForm';
import { EndpointItem } from './WebhookEndpointItem';
import { replaceEndpoint } from './webhook-rules';

export function WebhooksCard() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const endpoints = useCompanyList(queryKeys.config.webhooks, integrationsApi.endpoints);
  /** Applies a saved write to the cached list. */
  const setEndpoints = (change: (list: WebhookEndpoint[]) => WebhookEndpoint[]) =>
    client.setQueryData<WebhookEndpoint[]>(queryKeys.config.webhooks, (list) => change(list ?? []));

  return (
    <section className="cfg-card" data-testid="int-hooks">
      <h2>{t('integrations.hooks.title')}</h2>
      <p className="cfg-muted">{t('integrations.hooks.intro')}</p>
      <WebhookCreateForm onCreated={(created) => setEndpoints((list) => [...list, created])} />
      <Listed items={endpoints} empty={t('integrations.hooks.empty')}>
        {(list) => (
          <ul className="int-hooks">
            {list.map((e) => (
              <EndpointItem
                key={e.id}
                endpoint={e}
                onChanged={(changed) => setEndpoints((list) => replaceEndpoint(list, changed))}
                onDeleted={(id) => setEndpoints((list) => list.filter((x) => x.id !== id))}
              />
            ))}
          </ul>
        )}
      </Listed>
    </section>
  );
}
