// Exposed to the shell as 'mfe_public/PrivacyPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { PrivacyPage } from '../pages/PrivacyPage';

export default PrivacyPage;
