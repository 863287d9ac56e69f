// Loads a remote's exposed component defensively: checks the module's shape, and retries a failed load after
// each of the loader's retry delays, resetting the remote first so its manifest and entry are fetched anew.
import type { ComponentType } from 'react';
import type { RemoteLoader } from './remote-loader';

export type ComponentModule<P = object> = { default: ComponentType<P> };

export class RemoteShapeError extends Error {
  constructor(id: string) {
    super(`Remote module ${id} has no default export that is a React component`);
    this.name = 'RemoteShapeError';
  }
}

/** A module whose default export is a React component (function, class, memo, forwardRef or lazy). */
export function isComponentModule(value: unknown): value is ComponentModule {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const component = (value as { default?: unknown }).default;
  if (typeof component === 'function') return true;
  return typeof component === 'object' && component !== null && '$$typeof' in component;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The remote's name of a federation id: 'mfe_map/RouteMap' → 'mfe_map'. */
export const remoteOf = (id: string): string => id.split('/')[0];

/** Loads `id` through the loader with its retries; rejects with the last error when every attempt failed. */
export async function loadComponentModule<P = object>(
  loader: RemoteLoader,
  id: string,
): Promise<ComponentModule<P>> {
  const delays = loader.retryDelays ?? [];
  let lastError: unknown;
  for (let attempt = 0; attempt <= delays.length; attempt += 1) {
    if (attempt > 0) {
      await sleep(delays[attempt - 1]);
      await loader.reset?.(remoteOf(id));
    }
    try {
      const loaded = await loader.load(id);
      if (!isComponentModule(loaded)) throw new RemoteShapeError(id);
      return loaded as ComponentModule<P>;
    } catch (error) {
      lastError = error;
      // a module of the wrong shape will not fix itself on a retry
      if (error instanceof RemoteShapeError) break;
    }
  }
  throw lastError;
}
