import type { Notification, NotificationInput } from './use-notifications';
import { useNotifications } from './use-notifications';

type Body = Notification['body'];

/** Shows a notification from anywhere (no hook needed); returns its id. */
export function notify(notification: NotificationInput): string {
  return useNotifications.getState().push(notification);
}

/** Green notice; 2000 ms unless `duration` is given (e.g. DURATIONS.trackingRequest). */
export function notifySuccess(title: string, body?: Body, duration?: number): string {
  return notify({ kind: 'success', title, body, duration });
}

/** Red notice; 3000 ms unless `duration` is given. `body` may list each field with its messages. */
export function notifyError(title: string, body?: Body, duration?: number): string {
  return notify({ kind: 'error', title, body, duration });
}
