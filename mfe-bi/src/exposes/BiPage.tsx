// Exposed to the shell as 'mfe_bi/BiPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { BiPage } from '../pages/BiPage';

export default BiPage;
