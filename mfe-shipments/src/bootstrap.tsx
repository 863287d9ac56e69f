// Runs this remote on its own for development (npm run dev -w mfe-shipments), against the real API.
import './i18n';
import { mountStandalone } from '@portal/shared-ui';
import { DashboardPage } from './pages/DashboardPage';
import { ShipmentListPage } from './pages/ShipmentListPage';
import { ShipmentDetailPage } from './pages/ShipmentDetailPage';

mountStandalone({
  name: 'mfe-shipments',
  routes: [
    { path: '/dashboard', element: <DashboardPage /> },
    { path: '/shipments', element: <ShipmentListPage /> },
    { path: '/shipments/:id', element: <ShipmentDetailPage /> },
  ],
});
