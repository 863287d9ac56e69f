import { describeRemotePages } from '@portal/shared-ui/testing';
import { resources } from '../i18n';
import TrackingRequestListPageExposed from '../exposes/TrackingRequestListPage';
import TrackingRequestFormPageExposed from '../exposes/TrackingRequestFormPage';
import TrackingRequestDetailPageExposed from '../exposes/TrackingRequestDetailPage';

const CASES = [
  { path: '/tracking-requests', url: '/tracking-requests', Page: TrackingRequestListPageExposed },
  { path: '/add-tracking-request', url: '/add-tracking-request', Page: TrackingRequestFormPageExposed },
  { path: '/tracking-requests/:id', url: '/tracking-requests/7', Page: TrackingRequestDetailPageExposed },
];

describeRemotePages(CASES, resources);
