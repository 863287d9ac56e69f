// Exposed to the shell as 'mfe_tracking/TrackingRequestFormPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { TrackingRequestFormPage } from '../pages/TrackingRequestFormPage';

export default TrackingRequestFormPage;
