// Exposed to the shell as 'mfe_tracking/TrackingRequestListPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { TrackingRequestListPage } from '../pages/TrackingRequestListPage';

export default TrackingRequestListPage;
