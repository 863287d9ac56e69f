// Exposed to the shell as 'mfe_config/FreeTimeConfigPage'. Registering the namespace is this module's only side
// effect; the page is wrapped in the portal's one QueryClient (`@portal/shared-api/queries`).
import '../i18n';
import { withQueryProvider } from '@portal/shared-api/queries';
import { FreeTimeConfigPage } from '../pages/FreeTimeConfigPage';

export default withQueryProvider(FreeTimeConfigPage);
