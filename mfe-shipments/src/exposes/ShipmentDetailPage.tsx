// Exposed to the shell as 'mfe_shipments/ShipmentDetailPage'. Registering the namespace is this module's only side effect.
import '../i18n';
import { ShipmentDetailPage } from '../pages/ShipmentDetailPage';

export default ShipmentDetailPage;
