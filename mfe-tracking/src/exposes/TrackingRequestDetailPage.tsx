// Exposed to the shell as 'mfe_tracking/TrackingRequestDetailPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { TrackingRequestDetailPage } from '../pages/TrackingRequestDetailPage';

export default TrackingRequestDetailPage;
