// Entry point of `@portal/shared-api/queries`: the one way the front end loads server data in components
// (TanStack Query). Module Federation shares it as a singleton of its own (shared-ui/build/shared.cjs), so every
// remote uses the same client and cache; the shell never imports it, so it stays out of the shell's first load.
// Remotes import the TanStack hooks from here, never from '@tanstack/react-query' directly.
export {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
export { createQueryClient, getQueryClient, shouldRetry } from './client';
export { queryKeys } from './keys';
export { QueryProvider, withQueryProvider } from './QueryProvider';
export { invalidateProjects, referenceQueries, useCarriers, useEventCodes, useProjects } from './reference';
