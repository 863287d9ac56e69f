// The provider every exposed page is wrapped in: the page's one QueryClient (the shared singleton), or the
// client a test passes.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { getQueryClient } from './client';

export function QueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client ?? getQueryClient()}>{children}</QueryClientProvider>;
}

/** Wraps an exposed page in the QueryProvider (src/exposes/*). */
export function withQueryProvider<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithQueryProvider(props: P) {
    return (
      <QueryProvider>
        <Page {...props} />
      </QueryProvider>
    );
  }
  WithQueryProvider.displayName = `WithQueryProvider(${Page.displayName ?? Page.name})`;
  return WithQueryProvider;
}
