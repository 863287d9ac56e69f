// The Configure Columns modal ('Pick the columns you want to show'): a checkbox per column, Select all, Reset and
// Save. The id column is always shown; saving nothing means the default columns (spec section 2).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToNotificationBody } from '@portal/shared-api';
// The package path (not a relative one): these must be the shared singleton's, above all the notification store.
import { Button, Checkbox, DURATIONS, Modal, notifyError } from '@portal/shared-ui';
import { visibleColumnKeys } from './columns';
import { LISTS_NS } from './i18n';
import { ensureListStyles } from './styles';

export interface ColumnOption {
  key: string;
  label: string;
}

export interface ConfigureColumnsModalProps {
  open: boolean;
  onClose: () => void;
  /** Every column the list can show, in display order. */
  columns: readonly ColumnOption[];
  defaultColumns: readonly string[];
  /** The saved choice ([] = the defaults). */
  saved: readonly string[];
  /** Saves the choice (without the fixed columns; [] when only the defaults are wanted). Closes on success. */
  onSave: (keys: string[]) => Promise<void> | void;
  /** Columns always shown and not selectable. */
  fixedColumns?: readonly string[];
  /** Duration of the error notice if saving fails (ms). */
  errorDuration?: number;
}

export function ConfigureColumnsModal({
  open,
  onClose,
  columns,
  defaultColumns,
  saved,
  onSave,
  fixedColumns = ['id'],
  errorDuration = DURATIONS.error,
}: ConfigureColumnsModalProps) {
  ensureListStyles();
  const { t } = useTranslation(LISTS_NS);
  const { t: tc } = useTranslation('common');
  const allKeys = columns.map((c) => c.key);
  const [checked, setChecked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // Filled when it opens, while that render runs (an effect would run once the boxes are on screen and undo a
  // click made in that moment); the choice in progress is kept while it is open.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setChecked(visibleColumnKeys(allKeys, saved, defaultColumns, []));
  }

  const save = async () => {
    const keys = allKeys.filter((k) => checked.includes(k) && !fixedColumns.includes(k));
    setBusy(true);
    try {
      await onSave(keys);
      onClose();
    } catch (error) {
      notifyError(tc('errors.title'), errorToNotificationBody(error), errorDuration);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('columns.title')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => setChecked([...defaultColumns])} disabled={busy}>
            {t('columns.reset')}
          </Button>
          <Button onClick={() => void save()} busy={busy}>
            {t('columns.save')}
          </Button>
        </>
      }
    >
      <ColumnChoices columns={columns} fixedColumns={fixedColumns} checked={checked} onChange={setChecked} />
    </Modal>
  );
}

interface ChoicesProps {
  columns: readonly ColumnOption[];
  fixedColumns: readonly string[];
  checked: string[];
  onChange: (update: (checked: string[]) => string[]) => void;
}

/** Select all, then a checkbox per column (the fixed ones ticked and disabled). */
function ColumnChoices({ columns, fixedColumns, checked, onChange }: ChoicesProps) {
  const { t } = useTranslation(LISTS_NS);
  const selectable = columns.filter((c) => !fixedColumns.includes(c.key));
  const allChecked = selectable.every((c) => checked.includes(c.key));
  const someChecked = selectable.some((c) => checked.includes(c.key));
  const toggle = (key: string, on: boolean) =>
    onChange((prev) => (on ? [...prev, key] : prev.filter((k) => k !== key)));

  return (
    <>
      <div className="pui-columns__all">
        <Checkbox
          label={t('columns.selectAll')}
          checked={allChecked}
          indeterminate={someChecked && !allChecked}
          onChange={(on) => onChange(() => (on ? selectable.map((c) => c.key) : []))}
        />
      </div>
      <div className="pui-columns">
        {columns.map((column) =>
          fixedColumns.includes(column.key) ? (
            <Checkbox
              key={column.key}
              checked
              disabled
              onChange={() => {}}
              label={
                <>
                  {column.label} <span className="pui-columns__fixed">({t('columns.alwaysShown')})</span>
                </>
              }
            />
          ) : (
            <Checkbox
              key={column.key}
              label={column.label}
              checked={checked.includes(column.key)}
              onChange={(on) => toggle(column.key, on)}
            />
          ),
        )}
      </div>
    </>
  );
}
