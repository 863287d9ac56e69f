// Upload Bulk and Download Bulk Template: the first chosen file goes to the API with a progress bar; a refused
// file resets the input and lists the rows the API explained; nothing is imported unless the whole file is valid.
// After an import the panel lists the rows whose empty carrier cell was filled from the number, so the visitor can
// check the carrier the portal chose.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBulkTemplate, uploadBulkTrackingRequests } from '@portal/shared-api';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyRequestError, notifyRequestSaved } from '../../lib/notices';
import { importedOutcome, refusedOutcome, type Outcome } from './bulk-outcome';
import { BulkOutcome } from './BulkOutcome';

export { FILLED_ROWS_SHOWN } from './BulkOutcome';

export interface BulkUploadProps {
  /** Called after a file was imported. */
  onImported?: (count: number | null) => void;
}

export function BulkUpload({ onImported }: BulkUploadProps) {
  const { t } = useTranslation(NS);
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState(false);

  const upload = async (files: FileList | null) => {
    const file = files?.[0]; // the first file only (spec section 5)
    if (!file) return;
    setOutcome(null);
    setProgress(0);
    setUploading(file.name);
    try {
      const imported = importedOutcome(await uploadBulkTrackingRequests(file, setProgress));
      setOutcome(imported);
      notifyRequestSaved();
      onImported?.(imported.count);
    } catch (error) {
      // the panel speaks the visitor's language: the API's field key `file` is the file
      setOutcome(refusedOutcome(file.name, error, t('bulk.file')));
      notifyRequestError(error);
    } finally {
      setUploading(null);
      // reset the input so the same (fixed) file can be chosen again
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadBulkTemplate();
    } catch (error) {
      notifyRequestError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="trk-bulk">
      <p className="trk-bulk__help">{t('bulk.help')}</p>
      <div className="trk-bulk__buttons">
        <input
          ref={inputRef}
          type="file"
          className="pui-visually-hidden"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          aria-label={t('bulk.file')}
          tabIndex={-1}
          data-testid="bulk-file"
          onChange={(event) => void upload(event.target.files)}
        />
        <Button busy={uploading !== null} onClick={() => inputRef.current?.click()}>
          {t('bulk.upload')}
        </Button>
        <Button variant="secondary" busy={downloading} onClick={() => void download()}>
          {t('bulk.template')}
        </Button>
      </div>
      {uploading !== null && (
        <div role="status">
          <span>{t('bulk.uploading', { name: uploading })}</span>
          <progress max={1} value={progress} aria-label={t('bulk.progress')} />
        </div>
      )}
      {outcome && <BulkOutcome outcome={outcome} />}
    </div>
  );
}
