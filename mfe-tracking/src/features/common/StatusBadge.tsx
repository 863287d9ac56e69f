// The status of a tracking request as a small coloured label in the current language.
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return (
    <span className={`trk-status trk-status--${status}`}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
