import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from './field-label';
import { useNotifications, type Notification } from './use-notifications';

export type NotificationsProps = {
  className?: string;
};

/** Renders the notification store, fixed at the bottom left of the page. Mount once, in the shell. */
export function Notifications({ className }: NotificationsProps) {
  const { t } = useTranslation('common');
  const items = useNotifications((state) => state.items);
  return (
    <section
      className={['pui-notifications', className].filter(Boolean).join(' ')}
      aria-label={t('notifications.region')}
      data-testid="notifications"
      data-position="bottom-left"
    >
      {items.map((item) => (
        <NotificationItem key={item.id} notification={item} />
      ))}
    </section>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation('common');
  const dismiss = useNotifications((state) => state.dismiss);
  const { id, kind, title, body, duration } = notification;

  useEffect(() => {
    if (!(duration > 0) || !Number.isFinite(duration)) return;
    const timer = setTimeout(() => dismiss(id), duration);
    return () => clearTimeout(timer);
  }, [id, duration, dismiss]);

  const isError = kind === 'error';
  return (
    <div
      className={`pui-notification pui-notification--${kind}`}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid="notification"
      data-kind={kind}
    >
      <div className="pui-notification__content">
        <div className="pui-notification__title">{title}</div>
        {typeof body === 'string' && body !== '' && <div className="pui-notification__body">{body}</div>}
        {Array.isArray(body) && body.length > 0 && (
          <ul className="pui-notification__fields">
            {body.map((field, index) => (
              <li className="pui-notification__field" key={`${field.label}-${index}`}>
                {fieldLabel(field.label, t) && (
                  <strong className="pui-notification__field-label">{fieldLabel(field.label, t)}</strong>
                )}
                {field.messages.map((message, i) => (
                  <span className="pui-notification__message" key={i}>
                    {i > 0 ? ' ' : ''}
                    {message}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className="pui-notification__close"
        aria-label={t('notifications.dismiss')}
        onClick={() => dismiss(id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
