// Exposed to the shell as 'mfe_config/IntegrationsConfigPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { IntegrationsConfigPage } from '../pages/IntegrationsConfigPage';

export default IntegrationsConfigPage;
