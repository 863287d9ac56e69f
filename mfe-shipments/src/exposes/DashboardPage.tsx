// Exposed to the shell as 'mfe_shipments/DashboardPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { DashboardPage } from '../pages/DashboardPage';

export default DashboardPage;
