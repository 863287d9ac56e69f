// Renders a remote's route page at a URL, as the shell would: inside the page's one QueryClient and a router whose
// single route gives the page its params (tests only).
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { MemoryRouter, Route, Routes } from '@portal/shared-ui/router';

/** Renders `page` at `url` under the route `path` (e.g. '/shipments/:id'), with a fresh query cache. */
export function renderPageAt(url: string, path: string, page: ReactElement): RenderResult {
  return render(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}
