// Exposed to the shell as 'mfe_shipments/DashboardPage'. Registering the namespace is this module's only side effect;
// the page is wrapped in the portal's one QueryClient (`@portal/shared-api/queries`).
import '../i18n';
import '../features/free-time/i18n';
import { withQueryProvider } from '@portal/shared-api/queries';
import { DashboardPage } from '../pages/DashboardPage';

export default withQueryProvider(DashboardPage);
