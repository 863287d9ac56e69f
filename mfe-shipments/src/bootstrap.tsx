// Runs this remote on its own for development (npm run dev -w mfe-shipments), against the real API.
import './i18n';
import './features/free-time/i18n';
import { QueryProvider } from '@portal/shared-api/queries';
import { mountStandalone } from '@portal/shared-ui';
import { DashboardPage } from './pages/DashboardPage';
import { ShipmentListPage } from './pages/ShipmentListPage';
import { ShipmentDetailPage } from './pages/ShipmentDetailPage';

void mountStandalone({
  name: 'mfe-shipments',
  routes: [
    {
      path: '/dashboard',
      element: (
        <QueryProvider>
          <DashboardPage />
        </QueryProvider>
      ),
    },
    {
      path: '/shipments',
      element: (
        <QueryProvider>
          <ShipmentListPage />
        </QueryProvider>
      ),
    },
    {
      path: '/shipments/:id',
      element: (
        <QueryProvider>
          <ShipmentDetailPage />
        </QueryProvider>
      ),
    },
  ],
});
