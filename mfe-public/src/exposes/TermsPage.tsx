// Exposed to the shell as 'mfe_public/TermsPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { TermsPage } from '../pages/TermsPage';

export default TermsPage;
