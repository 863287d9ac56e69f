// Mounts a widget exposed by another remote (e.g. mfe_map/RouteMap) inside a remote page, through RemoteMount:
// a spinner meanwhile and, when it cannot load or crashes, a fallback with Retry.
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button/Button';
import { Spinner } from '../components/spinner/Spinner';
import { RemoteMount } from './RemoteMount';

export interface RemoteWidgetProps<P extends object> {
  /** 'remote_name/Exposed', e.g. 'mfe_map/RouteMap'. */
  id: string;
  props: P;
  /** Name of the area, shown in the fallback. */
  area: string;
  className?: string;
}

export function RemoteWidget<P extends object>({ id, props, area, className }: RemoteWidgetProps<P>) {
  const { t } = useTranslation('common');
  return (
    <div className={['pui-remote-widget', className].filter(Boolean).join(' ')} data-remote-widget={id}>
      <RemoteMount<P>
        id={id}
        props={props}
        loading={<Spinner size="lg" label={t('actions.loading')} />}
        fallback={(retry, busy) => (
          <div className="pui-remote-widget__fallback" role="alert" data-testid="remote-widget-fallback">
            <strong>{area}</strong>
            <p>{t('errors.unavailable')}</p>
            <Button
              variant="secondary"
              size="sm"
              busy={busy}
              onClick={retry}
              data-testid="remote-widget-retry"
            >
              {t('actions.retry')}
            </Button>
          </div>
        )}
      />
    </div>
  );
}
