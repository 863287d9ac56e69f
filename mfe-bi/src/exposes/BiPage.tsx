// Exposed to the shell as 'mfe_bi/BiPage'. Registering the namespace is this module's only side effect;
// the page is wrapped in the portal's one QueryClient (`@portal/shared-api/queries`).
import '../i18n';
import { withQueryProvider } from '@portal/shared-api/queries';
import { BiPage } from '../pages/BiPage';

export default withQueryProvider(BiPage);
