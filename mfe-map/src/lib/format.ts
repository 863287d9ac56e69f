// Display formats of spec section 9 from the portal's one formats module, with '-' for nothing.
import { formatDate as date } from '@portal/shared-ui';

export const formatDate = (value: string | null | undefined): string => date(value, '-');
