// The state of the BI page: the catalogue, the view the URL asks for with its data, and the form's draft that
// follows the URL until Update writes it back (bi-url.ts, bi-draft.ts).
import { useEffect, useMemo, useState } from 'react';
import { queryKeys, useQuery } from '@portal/shared-api/queries';
import { useSearchParams } from '@portal/shared-ui/router';
import { biApi, type Catalogue, type Lang } from '../../lib/bi-api';
import {
  draftFollowing,
  draftWithCategory,
  draftWithMetric,
  emptyDraft,
  sameQuery,
  type Draft,
} from '../../lib/bi-draft';
import { emptyFilters, readBiView, toApiQuery, writeBiView, type BiFilters } from '../../lib/bi-url';
import { notifyFailure } from '../filters/BiFilterForm';
import { useBiMetric } from './use-bi-metric';

/** The catalogue does not change during a session: asked once, a failure told as a notice. */
export function useBiCatalogue(): Catalogue | null {
  const catalogueQuery = useQuery({
    queryKey: queryKeys.bi.catalogue,
    queryFn: ({ signal }) => biApi.catalogue(signal),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (catalogueQuery.error) notifyFailure(catalogueQuery.error);
  }, [catalogueQuery.error]);
  return catalogueQuery.data ?? null;
}

/** What the URL asks for (null: nothing yet), its metric's definition, and its data. */
export function useShownView(catalogue: Catalogue | null) {
  const [params, setParams] = useSearchParams();
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
  return { search, setParams, applied, appliedDef, request, data };
}

/** The form: a draft that follows the URL (arrival, Back, a shared link) and changes with the user's choices. */
export function useBiDraft(catalogue: Catalogue | null, applied: ReturnType<typeof useShownView>['applied']) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  useEffect(() => {
    if (catalogue) setDraft((current) => draftFollowing(catalogue, applied, current));
  }, [catalogue, applied]);

  const metrics = useMemo(
    () => catalogue?.metrics.filter((m) => m.category === draft.category) ?? [],
    [catalogue, draft.category],
  );
  const def = catalogue?.metrics.find((m) => m.metric === draft.metric);
  const setFilters = (change: (f: BiFilters) => BiFilters) =>
    setDraft((d) => ({ ...d, filters: change(d.filters) }));
  const chooseMetric = (name: string) => setDraft((d) => draftWithMetric(catalogue, d, name));
  const chooseCategory = (key: string) => setDraft((d) => draftWithCategory(catalogue, d, key));

  return { draft, setDraft, metrics, def, setFilters, chooseMetric, chooseCategory };
}

type ShownView = ReturnType<typeof useShownView>;
type BiDraft = ReturnType<typeof useBiDraft>;

/** Update, Reset, the table's pages and Export. */
export function useBiActions(shown: ShownView, form: BiDraft, lang: Lang) {
  const [exporting, setExporting] = useState(false);
  const { search, setParams, applied, appliedDef, request, data } = shown;
  const { def, draft, setDraft } = form;

  /** Update: the form's view into the URL (a new history entry); the same view again is asked for again. */
  const update = () => {
    if (!def) return;
    if (
      request &&
      request.metric === def.metric &&
      sameQuery(request.query, toApiQuery(def, draft.filters, 0))
    )
      void data.refetch();
    const next = writeBiView(def, draft.filters, 0).toString();
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
      await biApi.export(def.metric, { ...toApiQuery(def, draft.filters, 0), lang });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setExporting(false);
    }
  };
  return { update, reset, changePage, exportFile, exporting };
}

export type { ShownView, BiDraft };
export type BiActions = ReturnType<typeof useBiActions>;
