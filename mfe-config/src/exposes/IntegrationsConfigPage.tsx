// Exposed to the shell as 'mfe_config/IntegrationsConfigPage'. Registering the namespace is this module's only side effect;
// the page is wrapped in the portal's one QueryClient (`@portal/shared-api/queries`).
import '../i18n';
import { withQueryProvider } from '@portal/shared-api/queries';
import { IntegrationsConfigPage } from '../pages/IntegrationsConfigPage';

export default withQueryProvider(IntegrationsConfigPage);
