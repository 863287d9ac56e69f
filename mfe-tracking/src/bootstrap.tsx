// Runs this remote on its own for development (npm run dev -w mfe-tracking), against the real API.
import './i18n';
import { QueryProvider } from '@portal/shared-api/queries';
import { mountStandalone } from '@portal/shared-ui';
import { TrackingRequestListPage } from './pages/TrackingRequestListPage';
import { TrackingRequestFormPage } from './pages/TrackingRequestFormPage';
import { TrackingRequestDetailPage } from './pages/TrackingRequestDetailPage';

void mountStandalone({
  name: 'mfe-tracking',
  routes: [
    {
      path: '/tracking-requests',
      element: (
        <QueryProvider>
          <TrackingRequestListPage />
        </QueryProvider>
      ),
    },
    {
      path: '/add-tracking-request',
      element: (
        <QueryProvider>
          <TrackingRequestFormPage />
        </QueryProvider>
      ),
    },
    {
      path: '/tracking-requests/:id',
      element: (
        <QueryProvider>
          <TrackingRequestDetailPage />
        </QueryProvider>
      ),
    },
  ],
});
