// Exposed to the shell as 'mfe_public/DevelopersPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { DevelopersPage } from '../pages/DevelopersPage';

export default DevelopersPage;
