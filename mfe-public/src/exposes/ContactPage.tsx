// Exposed to the shell as 'mfe_public/ContactPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { ContactPage } from '../pages/ContactPage';

export default ContactPage;
