// OpenLayers is its own chunk (create-where-map.ts and what it imports), loaded by loadWhereMap(): the exposed page
// starts it when it is evaluated, so the chunk downloads and parses while the page renders and the points are
// fetched (not before either can start).

type WhereMapModule = typeof import('./create-where-map');
let loading: Promise<WhereMapModule> | null = null;

/** The OpenLayers part of the map (one chunk), loaded once; a failed load is tried again on the next call. */
export function loadWhereMap(): Promise<WhereMapModule> {
  loading ??= import(/* webpackChunkName: "where-map-ol" */ './create-where-map').then(
    (module) => {
      // parse the basemap while the page is still mounting (the main thread is idle then)
      module.prepareWhereMap();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
