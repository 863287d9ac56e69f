// /bi (spec section 2 "BI page"): category, metric, carrier, POL, POD and date-range selectors; the metric's
// numeric filters (minimum 1); Update (regenerates, page 0), Export (page 0), Reset (clears filters and data);
// a chart (ApexCharts, lazily loaded) or a paged table; a spinner hides the chart while loading; '0 Results to
// show' when there are no labels.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuperuser, useSession, type Query } from '@portal/shared-api';
import { queryKeys, useCarriers, useQuery } from '@portal/shared-api/queries';
import { Button, NumberInput, Select, Spinner, Tabs, TextInput, useIsMobile } from '@portal/shared-ui';
import { DateRangeFilter, ensureListStyles } from '@portal/shared-ui/lists';
import { useNavigate } from '@portal/shared-ui/router';
import { BiChart } from '../features/bi/BiChart';
import { BiTable } from '../features/bi/BiTable';
import { BiFilterForm, CarrierSelect, notifyFailure } from '../features/filters/BiFilterForm';
import { RejectedEvents } from '../features/rejected/RejectedEvents';
import { biApi, type Catalogue, type Lang, type MetricDef, type MetricResult } from '../lib/bi-api';
import { ensureBiStyles } from '../lib/styles';
import { NS } from '../i18n';

interface Filters {
  carrier: string;
  pol: string;
  pod: string;
  after: string;
  before: string;
  numeric: Record<string, string>;
}

/** The port fields (POL, POD), each shown when the metric takes its `<port>_loc` filter. */
const PORT_FILTERS = ['pol', 'pod'] as const;

const emptyFilters = (def?: MetricDef): Filters => ({
  carrier: '',
  pol: '',
  pod: '',
  after: '',
  before: '',
  numeric: Object.fromEntries((def?.numericFilters ?? []).map((f) => [f.name, String(f.default)])),
});

function toQuery(def: MetricDef, f: Filters, page: number): Query {
  const q: Query = {};
  if (def.filters.includes('carrier') && f.carrier) q.carrier = f.carrier;
  if (def.filters.includes('pol_loc') && f.pol.trim()) q.pol_loc = f.pol.trim();
  if (def.filters.includes('pod_loc') && f.pod.trim()) q.pod_loc = f.pod.trim();
  if (def.filters.includes('created_at_range')) {
    if (f.after) q.created_at_range_after = f.after;
    if (f.before) q.created_at_range_before = f.before;
  }
  for (const n of def.numericFilters) if (f.numeric[n.name]) q[n.name] = f.numeric[n.name];
  if (def.specialType === 'table') q.page = String(page);
  return q;
}

export function BiPage() {
  const { t, i18n } = useTranslation(NS);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'es';
  const narrow = useIsMobile();
  const navigate = useNavigate();
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
  const [category, setCategory] = useState('');
  const [metric, setMetric] = useState('');
  const [filters, setFilters] = useState<Filters>(emptyFilters());
  const [numericValid, setNumericValid] = useState<Record<string, boolean>>({});
  const [result, setResult] = useState<MetricResult | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const request = useRef<AbortController | null>(null);
  // Superusers also get the internal view of the carrier events the tracking engine set aside.
  const superuser = useSession((s) => isSuperuser(s.user));
  const [view, setView] = useState<'metrics' | 'rejected'>('metrics');

  // the first category and its first metric are chosen when the catalogue arrives
  useEffect(() => {
    if (!catalogue) return;
    const first = catalogue.categories[0]?.key ?? '';
    setCategory(first);
    const def = catalogue.metrics.find((m) => m.category === first);
    setMetric(def?.metric ?? '');
    setFilters(emptyFilters(def));
  }, [catalogue]);
  useEffect(() => {
    if (catalogueQuery.error) notifyFailure(catalogueQuery.error);
  }, [catalogueQuery.error]);

  const metrics = useMemo(
    () => catalogue?.metrics.filter((m) => m.category === category) ?? [],
    [catalogue, category],
  );
  const def = catalogue?.metrics.find((m) => m.metric === metric);

  const chooseMetric = (name: string) => {
    const next = catalogue?.metrics.find((m) => m.metric === name);
    setMetric(name);
    setResult(null);
    setPage(0);
    setFilters((f) => ({ ...f, numeric: emptyFilters(next).numeric }));
    setNumericValid({});
  };
  const chooseCategory = (key: string) => {
    setCategory(key);
    const first = catalogue?.metrics.find((m) => m.category === key);
    chooseMetric(first?.metric ?? '');
  };

  const load = useCallback(
    async (nextPage: number) => {
      if (!def) return;
      request.current?.abort();
      const abort = new AbortController();
      request.current = abort;
      setLoading(true);
      try {
        const data = await biApi.data(def.metric, toQuery(def, filters, nextPage), abort.signal);
        if (abort.signal.aborted) return;
        setResult(data);
        setPage(nextPage);
      } catch (error) {
        if (!abort.signal.aborted) notifyFailure(error);
      } finally {
        if (!abort.signal.aborted) setLoading(false);
      }
    },
    [def, filters],
  );

  const update = () => void load(0);
  const reset = () => {
    request.current?.abort();
    setLoading(false);
    setFilters(emptyFilters(def));
    setNumericValid({});
    setResult(null);
    setPage(0);
  };
  const exportFile = async () => {
    if (!def) return;
    setExporting(true);
    try {
      await biApi.export(def.metric, { ...toQuery(def, filters, 0), lang });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setExporting(false);
    }
  };

  const invalid = Object.values(numericValid).some((v) => !v);
  const empty =
    !result || (result.kind === 'chart' ? result.labels.length === 0 : result.count === 0 && page === 0);
  const categoryOptions = (catalogue?.categories ?? []).map((c) => ({ value: c.key, label: c.labels[lang] }));
  const metricOptions = metrics.map((m) => ({ value: m.metric, label: m.labels[lang] }));
  const has = (name: MetricDef['filters'][number]) => def?.filters.includes(name) ?? false;

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
              value={category}
              onChange={chooseCategory}
            />
            <Select
              id="bi-metric"
              label={t('metric')}
              options={metricOptions}
              value={metric}
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
              <NumberInput
                key={n.name}
                id={`bi-${n.name}`}
                name={n.name}
                label={n.labels[lang]}
                min={n.min}
                max={n.max}
                value={filters.numeric[n.name] ?? ''}
                onValidityChange={(valid) => setNumericValid((v) => ({ ...v, [n.name]: valid }))}
                onValueChange={(value) =>
                  setFilters((f) => ({ ...f, numeric: { ...f.numeric, [n.name]: value } }))
                }
              />
            ))}
          </BiFilterForm>

          <div className="bi-result" aria-live="polite">
            {loading ? (
              <div className="bi-loading" data-testid="bi-loading">
                <Spinner size="lg" label={t('loading')} />
              </div>
            ) : empty || !def || !result ? (
              <p className="bi-empty" data-testid="bi-empty">
                {t('noResults')}
              </p>
            ) : result.kind === 'table' ? (
              <BiTable
                result={result}
                lang={lang}
                page={page}
                loading={loading}
                onPageChange={(p) => void load(p)}
              />
            ) : (
              <BiChart
                def={def}
                result={result}
                lang={lang}
                narrow={narrow}
                onDrill={(query) => void navigate(`/shipments?${query}`)}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
