import { describeRemotePages } from '@portal/shared-ui/testing';
import { resources } from '../i18n';
import DashboardPageExposed from '../exposes/DashboardPage';
import ShipmentListPageExposed from '../exposes/ShipmentListPage';
import ShipmentDetailPageExposed from '../exposes/ShipmentDetailPage';

const CASES = [
  { path: '/dashboard', url: '/dashboard', Page: DashboardPageExposed },
  { path: '/shipments', url: '/shipments', Page: ShipmentListPageExposed },
  { path: '/shipments/:id', url: '/shipments/7', Page: ShipmentDetailPageExposed },
];

describeRemotePages(CASES, resources);
