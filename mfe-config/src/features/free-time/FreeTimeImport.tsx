// The spreadsheet import of free-time rules: its mode, the button that opens the file field, and the problems of
// a refused file (the file's messages and each row's).
import { useTranslation } from 'react-i18next';
import { Button, Select } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { ImportMode } from './api';
import type { ImportProblems } from './import-problems';
import type { FreeTimeImport } from './use-free-time-rules';

export function ImportControls({ imports }: { imports: FreeTimeImport }) {
  const { t } = useTranslation(NS);
  const { mode, setMode, fileInput, onImport } = imports;
  return (
    <>
      <Select
        label={t('freeTime.importMode')}
        value={mode}
        onChange={(v) => setMode(v as ImportMode)}
        options={(['upsert', 'replace'] as const).map((m) => ({
          value: m,
          label: t(`freeTime.importModes.${m}`),
        }))}
      />
      <Button variant="secondary" onClick={() => fileInput.current?.click()} data-testid="ft-import">
        {t('freeTime.import')}
      </Button>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xlsx"
        data-testid="ft-import-file"
        onChange={(e) => void onImport(e.target.files?.[0])}
      />
    </>
  );
}

export function ImportErrors({ rows, file }: ImportProblems) {
  const { t } = useTranslation(NS);
  return (
    <div className="ft-errors" role="alert" data-testid="ft-import-errors">
      <p>{t('freeTime.importErrors')}</p>
      <ul>
        {file.map((m) => (
          <li key={m}>{m}</li>
        ))}
        {rows.map((r) => (
          <li key={r.row ?? 'all'}>
            {r.row !== null && <strong>{t('freeTime.row', { row: r.row })}: </strong>}
            {r.messages.join(' · ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
