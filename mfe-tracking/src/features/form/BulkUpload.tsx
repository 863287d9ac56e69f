// Upload Bulk and Download Bulk Template: the first chosen file goes to the API with a progress bar; a refused
// file resets the input and lists the rows the API explained; nothing is imported unless the whole file is valid.
// After an import the panel lists the rows whose empty carrier cell was filled from the number, so the visitor can
// check the carrier the portal chose.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  bulkRowErrors,
  downloadBulkTemplate,
  errorToNotificationBody,
  uploadBulkTrackingRequests,
  type BulkRowError,
  type BulkUploadResult,
} from '@portal/shared-api';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyRequestError, notifyRequestSaved } from '../../lib/notices';

/** A row whose empty carrier cell the API filled from the number (`carriers_filled` of the answer). */
interface FilledRow {
  row: number;
  carrier: string;
}

/** Rows listed one by one in the panel; the rest are counted. */
export const FILLED_ROWS_SHOWN = 50;

type Outcome =
  | { kind: 'ok'; count: number | null; filled: FilledRow[] }
  | { kind: 'error'; name: string; rows: BulkRowError[]; other: string[] };

/** How many requests the upload created (the API's `imported`; null when an answer lacks it). */
function importedCount(result: BulkUploadResult): number | null {
  return typeof result.imported === 'number' ? result.imported : null;
}

function filledRows(result: BulkUploadResult): FilledRow[] {
  if (!Array.isArray(result.carriers_filled)) return [];
  return (result.carriers_filled as unknown[]).filter((f): f is FilledRow => {
    const r = f as Partial<FilledRow> | null;
    return typeof r === 'object' && r !== null && typeof r.row === 'number' && typeof r.carrier === 'string';
  });
}

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

  // The panel speaks the visitor's language: the API's field key `file` is the file, and the keys of messages
  // about the whole answer (detail, non_field_errors, a status code) need no label before the sentence.
  const panelLabel = (key: string): string =>
    key === 'file' ? t('bulk.file') : /^(detail|non_field_errors|error|\d{3})$/.test(key) ? '' : key;

  const upload = async (files: FileList | null) => {
    const file = files?.[0]; // the first file only (spec section 5)
    if (!file) return;
    setOutcome(null);
    setProgress(0);
    setUploading(file.name);
    try {
      const result = await uploadBulkTrackingRequests(file, setProgress);
      const count = importedCount(result);
      setOutcome({ kind: 'ok', count, filled: filledRows(result) });
      notifyRequestSaved();
      onImported?.(count);
    } catch (error) {
      const rows = error instanceof ApiError ? bulkRowErrors(error.body) : [];
      const other =
        rows.length > 0
          ? []
          : errorToNotificationBody(error).map((entry) => {
              const label = panelLabel(entry.label);
              const messages = entry.messages.join(' ');
              return label ? `${label}: ${messages}` : messages;
            });
      setOutcome({ kind: 'error', name: file.name, rows, other });
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
      {outcome?.kind === 'ok' && (
        <div className="trk-bulk__result trk-bulk__result--ok" role="status">
          <p>{outcome.count === null ? t('bulk.doneUnknown') : t('bulk.done', { count: outcome.count })}</p>
          {outcome.filled.length > 0 && <FilledCarriers filled={outcome.filled} />}
        </div>
      )}
      {outcome?.kind === 'error' && (
        <div className="trk-bulk__result trk-bulk__result--error" role="alert">
          <p>
            {outcome.rows.length > 0
              ? t('bulk.failed', { name: outcome.name })
              : t('bulk.failedNoRows', { name: outcome.name })}
          </p>
          <ul className="trk-bulk__rows">
            {outcome.rows.map((row, i) => (
              <li key={i}>
                {row.row !== null && <strong>{t('bulk.row', { row: row.row })}: </strong>}
                {row.messages.join(' ')}
              </li>
            ))}
            {outcome.other.map((message, i) => (
              <li key={`o${i}`}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function FilledCarriers({ filled }: { filled: FilledRow[] }) {
  const { t } = useTranslation(NS);
  const more = filled.length - FILLED_ROWS_SHOWN;
  return (
    <>
      <p>{t('bulk.filled', { count: filled.length })}</p>
      <ul className="trk-bulk__rows" data-testid="bulk-carriers-filled">
        {filled.slice(0, FILLED_ROWS_SHOWN).map((f) => (
          <li key={f.row}>
            <strong>{t('bulk.row', { row: f.row })}: </strong>
            {f.carrier}
          </li>
        ))}
        {more > 0 && <li>{t('bulk.filledMore', { count: more })}</li>}
      </ul>
    </>
  );
}
