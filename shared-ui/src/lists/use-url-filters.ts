// Filters, page and ordering of a list kept in the URL query and restored from it (spec section 2): arrays as
// repeated keys, typed text debounced 500 ms, any filter change goes back to page 1, reset clears everything.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '@portal/shared-ui/router';
import type { Query } from '@portal/shared-api';
import { useTextDrafts } from './use-text-drafts';

/** 'text': typed, debounced; 'value': one value applied at once (select, date); 'list': repeated key. */
export type FilterKind = 'text' | 'value' | 'list';
export type FilterSchema = Record<string, FilterKind>;
export type FilterValues<S extends FilterSchema> = {
  [K in keyof S]: S[K] extends 'list' ? string[] : string;
};

export interface UrlFiltersOptions {
  /** Delay before typed text reaches the URL, in ms (spec section 9: 500). */
  debounceMs?: number;
  /** Ordering used when the URL has none (not written to the URL). */
  defaultOrdering?: string;
}

export interface UrlFilters<S extends FilterSchema> {
  /** What the controls show: the URL's values plus text still being typed. */
  values: FilterValues<S>;
  /** What the URL holds: query the API with these. */
  applied: FilterValues<S>;
  /** Sets one filter: text kinds reach the URL after the debounce, others at once. Goes back to page 1. */
  setFilter: <K extends keyof S & string>(key: K, value: FilterValues<S>[K]) => void;
  /** Sets several filters at once (no debounce). Goes back to page 1. */
  setFilters: (values: Partial<FilterValues<S>>) => void;
  /** Clears every filter, the page and the ordering. */
  reset: () => void;
  /** 1-based page from the URL. */
  page: number;
  /** A new history entry, or `{ replace: true }` to correct the page in place (a page past the end). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  ordering: string;
  /** Changes the ordering and goes back to page 1. */
  setOrdering: (ordering: string) => void;
  /** The applied filters with page and ordering, for the API call (empty values left out). */
  query: Query;
  /** True when any filter is applied. */
  filtered: boolean;
  /** Increases on every reset: give it as `key` to controls that keep their own draft (date inputs). */
  resetCount: number;
}

export const PAGE_PARAM = 'page';
export const ORDERING_PARAM = 'ordering';

function readValues<S extends FilterSchema>(schema: S, params: URLSearchParams): FilterValues<S> {
  const values: Record<string, string | string[]> = {};
  for (const [key, kind] of Object.entries(schema)) {
    values[key] = kind === 'list' ? params.getAll(key).filter((v) => v !== '') : (params.get(key) ?? '');
  }
  return values as FilterValues<S>;
}

function writeValue(params: URLSearchParams, key: string, value: string | string[]): void {
  params.delete(key);
  if (Array.isArray(value)) {
    for (const item of value) if (item !== '') params.append(key, item);
  } else if (value !== '') {
    params.set(key, value);
  }
}

function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The applied filters with page and ordering, for the API call (empty values left out). */
export function queryOf(applied: Record<string, string | string[]>, page: number, ordering: string): Query {
  const q: Query = {};
  for (const [key, value] of Object.entries(applied)) {
    if (Array.isArray(value) ? value.length > 0 : value !== '') q[key] = value;
  }
  if (page > 1) q.page = page;
  if (ordering) q.ordering = ordering;
  return q;
}

/** True when any filter is applied. */
export const isFiltered = (applied: Record<string, string | string[]>) =>
  Object.values(applied).some((v) => (Array.isArray(v) ? v.length > 0 : v !== ''));

/** The URL's query, and writes to it that stack up when several come in one tick. */
function useParamsWriter() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The latest params, also between a write and the next render (several writes in one tick must stack up).
  const paramsRef = useRef(searchParams);
  paramsRef.current = searchParams;

  const write = useCallback(
    (change: (params: URLSearchParams) => void, replace: boolean) => {
      const next = new URLSearchParams(paramsRef.current);
      change(next);
      paramsRef.current = next;
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) =>
      write((params) => {
        if (page > 1) params.set(PAGE_PARAM, String(page));
        else params.delete(PAGE_PARAM);
      }, options?.replace ?? false),
    [write],
  );

  const setOrdering = useCallback(
    (ordering: string) =>
      write((params) => {
        if (ordering) params.set(ORDERING_PARAM, ordering);
        else params.delete(ORDERING_PARAM);
        params.delete(PAGE_PARAM);
      }, true),
    [write],
  );

  return { searchParams, write, setPage, setOrdering };
}

export function useUrlFilters<S extends FilterSchema>(
  schema: S,
  { debounceMs = 500, defaultOrdering = '' }: UrlFiltersOptions = {},
): UrlFilters<S> {
  const { searchParams, write, setPage, setOrdering } = useParamsWriter();
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const { drafts, type, drop: dropDraft, clear: clearDrafts } = useTextDrafts(debounceMs);
  const [resetCount, setResetCount] = useState(0);

  const applyNow = useCallback(
    (values: Record<string, string | string[]>) => {
      write((params) => {
        for (const [key, value] of Object.entries(values)) writeValue(params, key, value);
        params.delete(PAGE_PARAM);
      }, true);
    },
    [write],
  );

  const setFilter = useCallback(
    <K extends keyof S & string>(key: K, value: FilterValues<S>[K]) => {
      if (schemaRef.current[key] === 'text' && typeof value === 'string') {
        type(key, value, (trimmed) => applyNow({ [key]: trimmed }));
        return;
      }
      dropDraft(key);
      applyNow({ [key]: value });
    },
    [applyNow, type, dropDraft],
  );

  const setFilters = useCallback(
    (values: Partial<FilterValues<S>>) => {
      const entries = Object.entries(values).filter(([, v]) => v !== undefined) as [
        string,
        string | string[],
      ][];
      for (const [key] of entries) dropDraft(key);
      applyNow(Object.fromEntries(entries));
    },
    [applyNow, dropDraft],
  );

  const reset = useCallback(() => {
    clearDrafts();
    setResetCount((n) => n + 1);
    write((params) => {
      for (const key of Object.keys(schemaRef.current)) params.delete(key);
      params.delete(PAGE_PARAM);
      params.delete(ORDERING_PARAM);
    }, true);
  }, [write, clearDrafts]);

  const search = searchParams.toString();
  const applied = useMemo(
    () => readValues(schema, new URLSearchParams(search)),
    // the schema is a constant of the calling page
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search],
  );
  const values = useMemo((): FilterValues<S> => ({ ...applied, ...drafts }), [applied, drafts]);
  const page = readPage(searchParams);
  const ordering = searchParams.get(ORDERING_PARAM) ?? defaultOrdering;

  const query = useMemo(() => queryOf(applied, page, ordering), [applied, page, ordering]);
  const filtered = isFiltered(applied);

  return {
    values,
    applied,
    setFilter,
    setFilters,
    reset,
    page,
    setPage,
    ordering,
    setOrdering,
    query,
    filtered,
    resetCount,
  };
}
