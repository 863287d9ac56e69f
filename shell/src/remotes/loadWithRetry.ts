// Loads a remote page module defensively: checks its shape and retries a failed load with a short backoff.
import type { ComponentType } from 'react';
import type { RemoteLoader } from './remote-loader';

export type PageModule = { default: ComponentType };

export class RemoteShapeError extends Error {
  constructor(id: string) {
    super(`Remote module ${id} has no default export that is a React component`);
    this.name = 'RemoteShapeError';
  }
}

/** A module whose default export is a React component (function, class, memo, forwardRef or lazy). */
export function isPageModule(value: unknown): value is PageModule {
  if (!value || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const component = (value as { default?: unknown }).default;
  if (typeof component === 'function') return true;
  return typeof component === 'object' && component !== null && '$$typeof' in component;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads `remote/module` through the loader; on failure resets the remote's state and tries again after each
 * of `loader.retryDelays`. Rejects with the last error when every attempt failed.
 */
export async function loadPageModule(
  loader: RemoteLoader,
  remote: string,
  module: string,
): Promise<PageModule> {
  const id = `${remote}/${module}`;
  let lastError: unknown;
  for (let attempt = 0; attempt <= loader.retryDelays.length; attempt += 1) {
    if (attempt > 0) {
      await sleep(loader.retryDelays[attempt - 1]);
      await loader.reset(remote);
    }
    try {
      const loaded = await loader.load(id);
      if (!isPageModule(loaded)) throw new RemoteShapeError(id);
      return loaded;
    } catch (error) {
      lastError = error;
      // a module of the wrong shape will not fix itself on a retry
      if (error instanceof RemoteShapeError) break;
    }
  }
  throw lastError;
}
