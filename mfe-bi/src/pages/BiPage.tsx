// /bi (spec section 2 "BI page"): category, metric, carrier, POL, POD and date-range selectors; the metric's
// numeric filters (number inputs, minimum 1); Update (regenerates, page 0), Export (page 0), Reset (clears filters
// and data); a chart (ApexCharts, lazily loaded) or a paged table; a spinner hides the chart while loading; '0
// Results to show' when the answer has no labels.
// What is shown is kept in the URL (bi-url.ts): Update and the table's pages add a history entry, so Back from a
// drill-down to the shipment list comes back to the same chart and filters, and a view can be shared. The form is
// a draft until Update; before anything is asked the page invites the user to choose instead of showing '0
// Results to show'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuperuser, useSession } from '@portal/shared-api';
import { useCarriers } from '@portal/shared-api/queries';
import { Tabs } from '@portal/shared-ui';
import { ensureListStyles } from '@portal/shared-ui/lists';
import { BiMetricsView } from '../features/bi/BiMetricsView';
import { useBiActions, useBiCatalogue, useBiDraft, useShownView } from '../features/bi/use-bi-view';
import { RejectedEvents } from '../features/rejected/RejectedEvents';
import type { Lang } from '../lib/bi-api';
import { ensureBiStyles } from '../lib/styles';
import { NS } from '../i18n';

export function BiPage() {
  const { t, i18n } = useTranslation(NS);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'es';
  ensureBiStyles();
  ensureListStyles();

  // the carriers come from the page's cache (shared with the other remotes' filters)
  const catalogue = useBiCatalogue();
  const carriers = useCarriers();
  // Superusers also get the internal view of the carrier events the tracking engine set aside.
  const superuser = useSession((s) => isSuperuser(s.user));
  const [view, setView] = useState<'metrics' | 'rejected'>('metrics');
  // the view and the form live here so that they outlast a visit to the other tab
  const shown = useShownView(catalogue);
  const form = useBiDraft(catalogue, shown.applied);
  const actions = useBiActions(shown, form, lang);

  return (
    <section className="pui-page bi-page" data-testid="page-bi-page">
      <h1>{t('title')}</h1>
      <p className="bi-page__subtitle">{t('subtitle')}</p>
      {superuser && (
        <Tabs
          className="bi-views"
          label={t('title')}
          tabs={[
            { key: 'metrics', label: t('views.metrics') },
            { key: 'rejected', label: t('views.rejected') },
          ]}
          activeKey={view}
          onChange={(key) => setView(key === 'rejected' ? 'rejected' : 'metrics')}
        />
      )}
      {superuser && view === 'rejected' ? (
        <RejectedEvents carriers={carriers} />
      ) : (
        <BiMetricsView
          catalogue={catalogue}
          carriers={carriers}
          lang={lang}
          shown={shown}
          form={form}
          actions={actions}
        />
      )}
    </section>
  );
}
