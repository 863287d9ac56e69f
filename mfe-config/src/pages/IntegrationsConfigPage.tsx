// /integrations-config (write permission and the manager flag; the shell sends others to /dashboard): the
// company's API keys, webhooks (with each webhook's delivery log) and carrier prefix overrides.
import { useTranslation } from 'react-i18next';
import { canEditTeams, useSession } from '@portal/shared-api';
import { Link, Navigate } from '@portal/shared-ui/router';
import { NS } from '../i18n';
import { CarrierPrefixesCard } from '../features/carrier-prefixes/CarrierPrefixesCard';
import { ApiKeysCard } from '../features/integrations/ApiKeysCard';
import { WebhooksCard } from '../features/integrations/WebhooksCard';
import { ensureIntegrationStyles } from '../features/integrations/styles';
import { ensureConfigStyles } from '../lib/styles';

export function IntegrationsConfigPage() {
  ensureConfigStyles();
  ensureIntegrationStyles();
  const { t } = useTranslation(NS);
  const user = useSession((s) => s.user);
  if (user && !canEditTeams(user)) return <Navigate to="/dashboard" replace />;
  return (
    <section className="pui-page cfg-page" data-testid="page-integrations-config-page">
      <header>
        <h1>{t('integrations.title')}</h1>
        <p className="cfg-muted">{t('integrations.subtitle')}</p>
        <p>
          {/* the developer page: the guide, receivers, payloads, and from there the API reference */}
          <Link to="/developers" data-testid="integrations-guide">
            {t('integrations.guide')}
          </Link>
        </p>
      </header>
      <ApiKeysCard />
      <WebhooksCard />
      <CarrierPrefixesCard />
    </section>
  );
}
