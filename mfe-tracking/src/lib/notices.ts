// The notices of tracking request operations (spec sections 8 and 9): errors and saves 7 s, status changes and
// hide/show 4 s.
import i18next from 'i18next';
import { errorToNotificationBody } from '@portal/shared-api';
import { DURATIONS, notifyError, notifySuccess } from '@portal/shared-ui';
import { NS } from '../i18n';

export function notifyRequestError(error: unknown): void {
  notifyError(
    i18next.t('errors.title', { ns: 'common' }),
    errorToNotificationBody(error),
    DURATIONS.trackingRequest,
  );
}

export function notifyRequestSaved(): void {
  notifySuccess(i18next.t('notifications.success', { ns: 'common' }), undefined, DURATIONS.trackingRequest);
}

export function notifyStatusChanged(): void {
  notifySuccess(i18next.t('notices.statusChanged', { ns: NS }), undefined, DURATIONS.status);
}

export function notifyShipmentHidden(hidden: boolean): void {
  notifySuccess(
    i18next.t(hidden ? 'notices.hidden' : 'notices.shown', { ns: NS }),
    undefined,
    DURATIONS.hideShow,
  );
}
