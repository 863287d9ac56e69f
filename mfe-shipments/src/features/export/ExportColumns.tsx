// The columns of the Export List modal: the chosen ones in order, a search, and every field by section with
// Select all per section (the order of choosing is the order of the file's columns).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Spinner, TextInput } from '@portal/shared-ui';
import type { ExportSectionInfo, Lang } from './export-api';
import { toggleSection } from './export-form';
import { EXPORT_NS } from './i18n';

export interface ExportColumnsProps {
  sections: ExportSectionInfo[] | null;
  columns: string[];
  onChange: (columns: string[]) => void;
  lang: Lang;
  /** Message key of the form's check for the columns (none chosen). */
  problem?: string;
}

export function ExportColumns({ sections, columns, onChange, lang, problem }: ExportColumnsProps) {
  const { t } = useTranslation(EXPORT_NS);
  const [find, setFind] = useState('');
  const labelOf = useMemo(() => {
    const map = new Map<string, string>();
    for (const s of sections ?? []) for (const f of s.fields) map.set(f.key, f.label[lang]);
    return map;
  }, [sections, lang]);
  const needle = find.trim().toLowerCase();
  const shown = (sections ?? [])
    .map((s) => ({
      ...s,
      fields: s.fields.filter(
        (f) => !needle || f.label[lang].toLowerCase().includes(needle) || f.key.includes(needle),
      ),
    }))
    .filter((s) => s.fields.length > 0);
  const chosen = new Set(columns);

  return (
    <fieldset className="shp-export-columns" data-testid="export-columns">
      <legend>{t('columns')}</legend>
      <p className={problem ? 'shp-export-error' : 'pui-subtitle'} aria-live="polite">
        {problem ? t(problem) : t('columnsChosen', { count: columns.length })}
      </p>
      {columns.length > 0 && (
        <ol className="shp-export-chosen" data-testid="export-chosen">
          {columns.map((k) => (
            <li key={k}>{labelOf.get(k) ?? k}</li>
          ))}
        </ol>
      )}
      <TextInput
        label={t('searchColumns')}
        value={find}
        onChange={(e) => setFind(e.target.value)}
        data-testid="export-find"
      />
      {sections === null ? (
        <Spinner label={t('loading')} />
      ) : (
        shown.map((section) => {
          const keys = section.fields.map((f) => f.key);
          const all = keys.every((k) => chosen.has(k));
          const some = keys.some((k) => chosen.has(k));
          return (
            <details
              key={section.key}
              className="shp-export-section"
              open={Boolean(needle)}
              data-testid={`export-section-${section.key}`}
            >
              <summary>
                {section.label[lang]} ({keys.filter((k) => chosen.has(k)).length}/{keys.length})
              </summary>
              <Checkbox
                label={t('selectAll')}
                checked={all}
                indeterminate={some && !all}
                onChange={(on) => onChange(toggleSection(columns, keys, on))}
              />
              <div className="shp-export-fields">
                {section.fields.map((f) => (
                  <Checkbox
                    key={f.key}
                    label={f.label[lang]}
                    checked={chosen.has(f.key)}
                    onChange={(on) => onChange(toggleSection(columns, [f.key], on))}
                    data-testid={`export-field-${f.key}`}
                  />
                ))}
              </div>
            </details>
          );
        })
      )}
    </fieldset>
  );
}
