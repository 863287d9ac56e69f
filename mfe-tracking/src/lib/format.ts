// Display formats of spec section 9 from the portal's one formats module, with '—' for nothing.
import { formatDate as date, formatTimestamp } from '@portal/shared-ui';

export const NONE = '—';

export const formatDate = (value: string | null | undefined): string => date(value, NONE);

export const formatDateTime = (value: string | null | undefined): string => formatTimestamp(value, NONE);
