// The Export List modal's buttons: Delete, Reset, Save as New, Save, Send Now and Export (which shows the
// download's progress).
import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared-ui';
import { fileSize } from './export-form';
import { EXPORT_NS } from './i18n';
import type { ExportBusy } from './use-export-actions';

interface Props {
  busy: ExportBusy;
  /** Bytes of the file received so far (null before the first bytes). */
  received: number | null;
  /** A saved template is chosen: Save and Send Now apply to it. */
  saved: boolean;
  onDelete: () => void;
  onReset: () => void;
  onSave: (asNew: boolean) => void;
  onSendNow: () => void;
  onExport: () => void;
}

export function ExportFooter({
  busy,
  received,
  saved,
  onDelete,
  onReset,
  onSave,
  onSendNow,
  onExport,
}: Props) {
  const { t, i18n } = useTranslation(EXPORT_NS);
  const idle = busy === null;
  return (
    <div className="shp-export-footer">
      <Button variant="danger" onClick={onDelete} disabled={!idle} data-testid="export-delete">
        {t('delete')}
      </Button>
      <Button variant="secondary" onClick={onReset} disabled={!idle} data-testid="export-reset">
        {t('reset')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => onSave(true)}
        busy={busy === 'save'}
        disabled={!idle}
        data-testid="export-save-new"
      >
        {t('saveAsNew')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => onSave(false)}
        disabled={!idle || !saved}
        data-testid="export-save"
      >
        {t('save')}
      </Button>
      <Button
        variant="secondary"
        onClick={onSendNow}
        busy={busy === 'send'}
        disabled={!idle || !saved}
        title={t('sendNowHint')}
        data-testid="export-send-now"
      >
        {t('sendNow')}
      </Button>
      <Button onClick={onExport} busy={busy === 'export'} disabled={!idle} data-testid="export-submit">
        {busy !== 'export'
          ? t('export')
          : received
            ? t('downloading', { size: fileSize(received, i18n.language) })
            : t('exporting')}
      </Button>
    </div>
  );
}
