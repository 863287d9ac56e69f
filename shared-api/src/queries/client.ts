// The page's one QueryClient: every remote gets it through the shared singleton entry
// `@portal/shared-api/queries`, so a list asked for by one remote is in the cache for the next.
import { QueryClient } from '@tanstack/react-query';
// From the package's main entry, never '../errors': in the browser this entry is a shared module of its own,
// and a relative import would bundle a second copy of the client (another ApiError class, another session).
import { ApiError, sessionStore } from '@portal/shared-api';

/**
 * Retries a failed read once when no answer came (status 0: refused, reset, timed out) or the server failed
 * with a plain 500. Never a 4xx (the answer will not change), never a 502/503/504 (the ky client has already
 * retried those once).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 500;
}

/** A QueryClient with the portal's defaults (tests create their own so that no cache leaks between them). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: 500,
        // A form being filled in must not be refreshed under the user's hands when the window is focused again.
        refetchOnWindowFocus: false,
        // Screen data is asked for again on every page visit (as the hand-written effects did); the reference
        // lists set a long staleTime of their own.
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}

let client: QueryClient | null = null;

/**
 * The page's QueryClient, created on first use. Whatever it holds belongs to one session: when the token changes
 * (logout, another user signs in) the cache is emptied, so no company's lists are shown to the next user.
 */
export function getQueryClient(): QueryClient {
  if (!client) {
    const created = createQueryClient();
    sessionStore.subscribe((state, previous) => {
      if (state.token !== previous.token) created.clear();
    });
    client = created;
  }
  return client;
}
