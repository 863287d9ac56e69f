// Exposed to the shell as 'mfe_public/LandingPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { LandingPage } from '../pages/LandingPage';

export default LandingPage;
