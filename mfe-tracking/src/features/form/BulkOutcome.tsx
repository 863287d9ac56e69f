// The panel under the bulk buttons after an upload: the requests imported (and the carriers filled from the
// number), or why the file was refused, row by row.
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import type { FilledRow, Outcome } from './bulk-outcome';

/** Rows listed one by one in the panel; the rest are counted. */
export const FILLED_ROWS_SHOWN = 50;

export function BulkOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation(NS);
  if (outcome.kind === 'ok') {
    return (
      <div className="trk-bulk__result trk-bulk__result--ok" role="status">
        <p>{outcome.count === null ? t('bulk.doneUnknown') : t('bulk.done', { count: outcome.count })}</p>
        {outcome.filled.length > 0 && <FilledCarriers filled={outcome.filled} />}
      </div>
    );
  }
  return (
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
