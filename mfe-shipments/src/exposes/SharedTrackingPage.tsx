// Exposed to the shell as 'mfe_shipments/SharedTrackingPage' (the public /t/<token> route). Registering the
// namespaces is this module's only side effect; the page is wrapped in the portal's one QueryClient.
import '../i18n';
import '../features/shared-tracking/i18n';
import { withQueryProvider } from '@portal/shared-api/queries';
import { SharedTrackingPage } from '../features/shared-tracking/SharedTrackingPage';

export default withQueryProvider(SharedTrackingPage);
