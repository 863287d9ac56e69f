/** Notification display times in ms (spec section 9). */
export const DURATIONS = {
  default: 2000,
  error: 3000,
  password: 4000,
  trackingRequest: 7000,
  status: 4000,
  hideShow: 4000,
  contact: 4000,
  exportColumns: 4000,
} as const;
