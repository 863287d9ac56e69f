// Exposed to the shell as 'mfe_config/TeamsConfigPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { TeamsConfigPage } from '../pages/TeamsConfigPage';

export default TeamsConfigPage;
