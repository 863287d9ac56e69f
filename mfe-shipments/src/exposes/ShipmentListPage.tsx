// Exposed to the shell as 'mfe_shipments/ShipmentListPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { ShipmentListPage } from '../pages/ShipmentListPage';

export default ShipmentListPage;
