// Notices of the config pages (spec section 8): 'Sucessfully saved' / 'Sucessfully deleted' 2 s, errors 3 s
// with each field and its messages.
import i18next from 'i18next';
import { useEffect } from 'react';
import { ApiError, errorToNotificationBody } from '@portal/shared-api';
import { notifyError, notifySuccess } from '@portal/shared-ui';

export const notifySaved = () => notifySuccess(i18next.t('notifications.success', { ns: 'common' }));
export const notifyDeleted = () => notifySuccess(i18next.t('notifications.deleted', { ns: 'common' }));
export const notifyFailure = (error: unknown) =>
  notifyError(i18next.t('errors.title', { ns: 'common' }), errorToNotificationBody(error));

/** Tells a failed load once (a query's error: a new failure is a new object). */
export function useFailureNotice(error: unknown): void {
  useEffect(() => {
    if (error) notifyFailure(error);
  }, [error]);
}

/** The {field: [messages]} of a 400, or {} for any other failure. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string[]> = {};
  for (const key of Object.keys(body)) out[key] = error.fieldErrors(key);
  return out;
}
