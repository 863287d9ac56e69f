// The label of one field of an error notification: the API's error bodies are keyed by field
// (`client_code`, `project_id`, `row 3`, `non_field_errors`); the user reads the field's name in the current
// language ('Código de cliente', 'Fila 3'), and no label at all for messages about the whole request.
import type { TFunction } from 'i18next';

/** Keys whose messages concern the whole request: shown without a label. */
const NO_LABEL = new Set(['non_field_errors', 'detail', 'error']);

/** 'contractual_eta_pod' → 'Contractual eta pod' (last resort for a key with no label of its own). */
function humanize(key: string): string {
  const words = key.replace(/_id$/, '').replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(key: string, t: TFunction): string {
  if (NO_LABEL.has(key) || /^\d+$/.test(key)) return '';
  const row = /^row (\d+)$/i.exec(key);
  if (row) return t('fieldLabels.row', { n: row[1] });
  const own = `fieldLabels.${key.replace(/_id$/, '')}`;
  const text = t(own, { defaultValue: '' });
  return text || humanize(key);
}
