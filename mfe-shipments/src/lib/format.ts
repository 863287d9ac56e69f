// Display formats of spec section 9 (dates YYYY-MM-DD, timestamps YYYY-MM-DD HH:mm, at most 2 decimals): the
// portal's one formats module, shown as '' when there is nothing.
export { dayDiff, formatDate, formatNumber, formatTimestamp } from '@portal/shared-ui';
