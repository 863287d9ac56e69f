import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';

export type SpinnerPageProps = {
  /** Text under the spinner; defaults to the common "Loading…" (announced to screen readers either way). */
  label?: string;
};

/** Full-page overlay spinner (the shell's global busy state). */
export function SpinnerPage({ label }: SpinnerPageProps) {
  const { t } = useTranslation('common');
  const text = label ?? t('actions.loading');
  return (
    <div
      className="pui-spinner-page"
      role="status"
      aria-live="polite"
      aria-busy="true"
      data-testid="spinner-page"
    >
      <Spinner size="lg" />
      <span className={label ? 'pui-spinner-page__label' : 'pui-visually-hidden'}>{text}</span>
    </div>
  );
}
