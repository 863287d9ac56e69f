// /bi (spec section 2 "BI page"): category, metric, carrier, POL, POD and date-range selectors; the metric's
// numeric filters (number inputs, minimum 1); Update (regenerates, page 0), Export (page 0), Reset (clears filters
// and data); a chart (ApexCharts, lazily loaded) or a paged table; a spinner hides the chart while loading; '0
// Results to show' when the answer has no labels.
// What is shown is kept in the URL (bi-url.ts): Update and the table's pages add a history entry, so Back from a
// drill-down to the shipment list comes back to the same chart and filters, and a view can be shared. The form is
// a draft until Update; before anything is asked the page invites the user to choose instead of showing '0
// Results to show'.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuperuser, useSession } from '@portal/shared-api';
import { queryKeys, useCarriers, useQuery } from '@portal/shared-api/queries';
import { Button, Select, Spinner, Tabs, TextInput, useIsMobile } from '@portal/shared-ui';
import { DateRangeFilter, ensureListStyles } from '@portal/shared-ui/lists';
import { useNavigate, useSearchParams } from '@portal/shared-ui/router';
import { BiChart } from '../features/bi/BiChart';
import { BiTable } from '../features/bi/BiTable';
import { useBiMetric } from '../features/bi/use-bi-metric';
import { BiFilterForm, CarrierSelect, notifyFailure } from '../features/filters/BiFilterForm';
import { BiNumberInput } from '../features/filters/BiNumberInput';
import { RejectedEvents } from '../features/rejected/RejectedEvents';
import { biApi, type Catalogue, type Lang, type MetricDef } from '../lib/bi-api';
import {
  emptyFilters,
  numericValid,
  readBiView,
  toApiQuery,
  writeBiView,
  type BiFilters,
} from '../lib/bi-url';
import { ensureBiStyles } from '../lib/styles';
import { NS } from '../i18n';

/** The port fields (POL, POD), each shown when the metric takes its `<port>_loc` filter. */
const PORT_FILTERS = ['pol', 'pod'] as const;

interface Draft {
  category: string;
  metric: string;
  filters: BiFilters;
}

const sameQuery = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

export function BiPage() {
  const { t, i18n } = useTranslation(NS);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'es';
  const narrow = useIsMobile();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  ensureBiStyles();
  ensureListStyles();

  // the catalogue does not change during a session; the carriers come from the page's cache (shared with the
  // other remotes' filters)
  const catalogueQuery = useQuery({
    queryKey: queryKeys.bi.catalogue,
    queryFn: ({ signal }) => biApi.catalogue(signal),
    staleTime: Infinity,
  });
  const catalogue: Catalogue | null = catalogueQuery.data ?? null;
  const carriers = useCarriers();
  const [exporting, setExporting] = useState(false);
  // Superusers also get the internal view of the carrier events the tracking engine set aside.
  const superuser = useSession((s) => isSuperuser(s.user));
  const [view, setView] = useState<'metrics' | 'rejected'>('metrics');

  // What the URL asks for (null: nothing yet), and its data.
  const search = params.toString();
  const applied = useMemo(() => readBiView(new URLSearchParams(search), catalogue), [search, catalogue]);
  const appliedDef = catalogue?.metrics.find((m) => m.metric === applied?.metric);
  const request = useMemo(
    () =>
      applied && appliedDef
        ? { metric: applied.metric, query: toApiQuery(appliedDef, applied.filters, applied.page) }
        : null,
    [applied, appliedDef],
  );
  const data = useBiMetric(request);

  // The form: follows the URL (arrival, Back, a shared link); with nothing asked it keeps the chosen metric, or
  // starts on the first metric of the first category.
  const [draft, setDraft] = useState<Draft>({ category: '', metric: '', filters: emptyFilters() });
  useEffect(() => {
    if (!catalogue) return;
    const def = catalogue.metrics.find((m) => m.metric === applied?.metric);
    if (applied && def) {
      setDraft({ category: def.category, metric: def.metric, filters: applied.filters });
      return;
    }
    setDraft((current) => {
      const kept = catalogue.metrics.find((m) => m.metric === current.metric);
      const first = catalogue.metrics.find((m) => m.category === catalogue.categories[0]?.key);
      const next = kept ?? first;
      return { category: next?.category ?? '', metric: next?.metric ?? '', filters: emptyFilters(next) };
    });
  }, [catalogue, applied]);
  useEffect(() => {
    if (catalogueQuery.error) notifyFailure(catalogueQuery.error);
  }, [catalogueQuery.error]);

  const metrics = useMemo(
    () => catalogue?.metrics.filter((m) => m.category === draft.category) ?? [],
    [catalogue, draft.category],
  );
  const def = catalogue?.metrics.find((m) => m.metric === draft.metric);
  const filters = draft.filters;
  const setFilters = (change: (f: BiFilters) => BiFilters) =>
    setDraft((d) => ({ ...d, filters: change(d.filters) }));

  const chooseMetric = (name: string) => {
    const next = catalogue?.metrics.find((m) => m.metric === name);
    setDraft((d) => ({
      category: next?.category ?? d.category,
      metric: name,
      filters: { ...d.filters, numeric: emptyFilters(next).numeric },
    }));
  };
  const chooseCategory = (key: string) => {
    const first = catalogue?.metrics.find((m) => m.category === key);
    setDraft((d) => ({
      category: key,
      metric: first?.metric ?? '',
      filters: { ...d.filters, numeric: emptyFilters(first).numeric },
    }));
  };

  /** Update: the form's view into the URL (a new history entry); the same view again is asked for again. */
  const update = () => {
    if (!def) return;
    if (request && request.metric === def.metric && sameQuery(request.query, toApiQuery(def, filters, 0)))
      void data.refetch();
    const next = writeBiView(def, filters, 0).toString();
    if (next !== search) setParams(next);
  };
  const reset = () => {
    setDraft((d) => ({ ...d, filters: emptyFilters(def) }));
    if (search !== '') setParams(new URLSearchParams());
  };
  const changePage = (page: number) => {
    if (applied && appliedDef) setParams(writeBiView(appliedDef, applied.filters, page));
  };
  const exportFile = async () => {
    if (!def) return;
    setExporting(true);
    try {
      await biApi.export(def.metric, { ...toApiQuery(def, filters, 0), lang });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setExporting(false);
    }
  };

  const invalid = def ? !numericValid(def, filters) : false;
  const loading = request !== null && data.isFetching;
  const result = data.data ?? null;
  // the chart on screen belongs to the URL's metric: another metric chosen in the form waits for Update
  const asked = request !== null && appliedDef !== undefined && draft.metric === request.metric;
  const empty =
    !result ||
    (result.kind === 'chart' ? result.labels.length === 0 : result.count === 0 && result.page === 0);
  const categoryOptions = (catalogue?.categories ?? []).map((c) => ({ value: c.key, label: c.labels[lang] }));
  const metricOptions = metrics.map((m) => ({ value: m.metric, label: m.labels[lang] }));
  const has = (name: MetricDef['filters'][number]) => def?.filters.includes(name) ?? false;

  const resultView = () => {
    if (loading)
      return (
        <div className="bi-loading" data-testid="bi-loading">
          <Spinner size="lg" label={t('loading')} />
        </div>
      );
    if (!asked || !appliedDef || !applied)
      return (
        <div className="bi-invite" data-testid="bi-invite">
          <p className="bi-invite__title">{t('invite.title')}</p>
          <p>{t('invite.text')}</p>
        </div>
      );
    if (data.isError)
      return (
        <p className="bi-empty" data-testid="bi-failed">
          {t('loadFailed')}
        </p>
      );
    if (empty || !result)
      return (
        <p className="bi-empty" data-testid="bi-empty">
          {t('noResults')}
        </p>
      );
    if (result.kind === 'table')
      return (
        <BiTable
          result={result}
          lang={lang}
          page={applied.page}
          loading={loading}
          onPageChange={changePage}
        />
      );
    return (
      <BiChart
        def={appliedDef}
        result={result}
        lang={lang}
        narrow={narrow}
        onDrill={(query) => void navigate(`/shipments?${query}`)}
      />
    );
  };

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
        <>
          <div className="bi-selectors">
            <Select
              id="bi-category"
              label={t('category')}
              options={categoryOptions}
              value={draft.category}
              onChange={chooseCategory}
            />
            <Select
              id="bi-metric"
              label={t('metric')}
              options={metricOptions}
              value={draft.metric}
              onChange={chooseMetric}
            />
          </div>
          {def && <p className="bi-description">{def.description[lang]}</p>}

          <BiFilterForm
            onUpdate={update}
            onReset={reset}
            canUpdate={!!def && !invalid}
            loading={loading}
            actions={
              <Button
                type="button"
                variant="secondary"
                disabled={!def || invalid}
                busy={exporting}
                onClick={() => void exportFile()}
              >
                {t('export')}
              </Button>
            }
          >
            {has('carrier') && (
              <CarrierSelect
                id="bi-carrier"
                carriers={carriers}
                value={filters.carrier}
                onChange={(v) => setFilters((f) => ({ ...f, carrier: v }))}
              />
            )}
            {PORT_FILTERS.filter((port) => has(`${port}_loc`)).map((port) => (
              <TextInput
                key={port}
                id={`bi-${port}`}
                label={t(port)}
                placeholder={t('portHint')}
                maxLength={100}
                value={filters[port]}
                onChange={(e) => setFilters((f) => ({ ...f, [port]: e.target.value }))}
              />
            ))}
            {has('created_at_range') && (
              <DateRangeFilter
                legend={t('createdRange')}
                name="created_at_range"
                after={filters.after}
                before={filters.before}
                onChange={({ after, before }) => setFilters((f) => ({ ...f, after, before }))}
              />
            )}
            {def?.numericFilters.map((n) => (
              <BiNumberInput
                key={n.name}
                id={`bi-${n.name}`}
                name={n.name}
                label={n.labels[lang]}
                min={n.min}
                max={n.max}
                value={filters.numeric[n.name] ?? ''}
                onChange={(value) =>
                  setFilters((f) => ({ ...f, numeric: { ...f.numeric, [n.name]: value } }))
                }
              />
            ))}
          </BiFilterForm>

          <div className="bi-result" aria-live="polite">
            {resultView()}
          </div>
        </>
      )}
    </section>
  );
}
