// Carriers and projects for the filters and the form, loaded once per session and shared by the pages.
import { useEffect, useState } from 'react';
import { trackingLookupsApi, type Carrier, type Project } from '@portal/shared-api';

let carriersPromise: Promise<Carrier[]> | null = null;
let projectsPromise: Promise<Project[]> | null = null;

function load<T>(get: () => Promise<T[]>, cache: 'carriers' | 'projects'): Promise<T[]> {
  const promise = get().catch((error: unknown) => {
    if (cache === 'carriers') carriersPromise = null;
    else projectsPromise = null;
    throw error;
  });
  return promise;
}

function loadCarriers(): Promise<Carrier[]> {
  carriersPromise ??= load(trackingLookupsApi.carriers, 'carriers');
  return carriersPromise;
}

/** Projects change in the config pages, so they are asked for again on every page visit. */
function loadProjects(): Promise<Project[]> {
  projectsPromise = load(trackingLookupsApi.projects, 'projects');
  return projectsPromise;
}

export interface Lookups {
  carriers: Carrier[];
  projects: Project[];
  loaded: boolean;
  error: unknown;
}

export function useLookups(): Lookups {
  const [state, setState] = useState<Lookups>({ carriers: [], projects: [], loaded: false, error: null });
  useEffect(() => {
    let alive = true;
    Promise.all([loadCarriers(), loadProjects()])
      .then(([carriers, projects]) => alive && setState({ carriers, projects, loaded: true, error: null }))
      .catch((error: unknown) => alive && setState((prev) => ({ ...prev, loaded: true, error })));
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
