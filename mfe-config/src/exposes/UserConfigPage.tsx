// Exposed to the shell as 'mfe_config/UserConfigPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { UserConfigPage } from '../pages/UserConfigPage';

export default UserConfigPage;
