// Groups of the Export List filters: the day ranges, the date ranges of the eight date fields, and the applied
// filters that have no field of their own (listed with a Remove button).
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, TextInput } from '@portal/shared-ui';
import { DATE_FIELDS, OTHER_FILTERS, type ExportForm } from './export-form';
import {
  DAY_KEYS,
  datesApplied,
  daysApplied,
  liveProblem,
  many,
  one,
  type FieldKind,
} from './export-filter-rules';
import { EXPORT_NS } from './i18n';

export interface GroupProps {
  filters: ExportForm['filters'];
  setFilter: (key: string, value: string | string[]) => void;
  /** Field key → message key of the form's check. */
  problems: Record<string, string>;
  /** Prefix of the fields' ids. */
  baseId: string;
}

interface FieldProps extends GroupProps {
  name: string;
  label: string;
  kind: FieldKind;
}

/** A text field that keeps what is typed (a day count, or a yyyy-MM-dd date). */
function FilterField({ filters, setFilter, problems, baseId, name, label, kind }: FieldProps) {
  const { t } = useTranslation(EXPORT_NS);
  const value = one(filters[name]);
  const problem = problems[name] ?? liveProblem(value, kind);
  return (
    <TextInput
      id={`${baseId}-${name}`}
      label={label}
      value={value}
      maxLength={kind === 'date' ? 10 : 7}
      inputMode={kind === 'date' ? 'numeric' : 'text'}
      placeholder={kind === 'date' ? t('datePlaceholder') : undefined}
      autoComplete="off"
      onChange={(e) => setFilter(name, e.target.value)}
      error={problem ? t(problem) : undefined}
      data-testid={`export-${name}`}
    />
  );
}

export function DayRanges(props: GroupProps) {
  const { t } = useTranslation(EXPORT_NS);
  const applied = daysApplied(props.filters);
  return (
    <details className="shp-export-group" open={applied > 0} data-testid="export-days">
      <summary>
        {t('dayRangesGroup')}
        {applied > 0 && ` (${t('applied', { count: applied })})`}
      </summary>
      <div className="shp-export-filter-grid">
        {DAY_KEYS.map((key) => (
          <FilterField key={key} {...props} name={key} label={t(key)} kind="day" />
        ))}
      </div>
      <Checkbox
        label={t('order_dta')}
        checked={one(props.filters.order_dta) === 'true'}
        onChange={(on) => props.setFilter('order_dta', on ? 'true' : '')}
        data-testid="export-order_dta"
      />
    </details>
  );
}

export function DateRanges(props: GroupProps) {
  const { t } = useTranslation(EXPORT_NS);
  const applied = datesApplied(props.filters);
  return (
    <details className="shp-export-group" open={applied > 0} data-testid="export-dates">
      <summary>
        {t('datesGroup')}
        {applied > 0 && ` (${t('applied', { count: applied })})`}
      </summary>
      {DATE_FIELDS.map((f) => (
        <fieldset key={f} className="shp-export-date">
          <legend>{t(`dates.${f}`)}</legend>
          <div className="shp-export-date__inputs">
            <FilterField {...props} name={`${f}_after`} label={t('ends.after')} kind="date" />
            <FilterField {...props} name={`${f}_before`} label={t('ends.before')} kind="date" />
            <FilterField {...props} name={`${f}_rel_min`} label={t('ends.rel_min')} kind="day" />
            <FilterField {...props} name={`${f}_rel_max`} label={t('ends.rel_max')} kind="day" />
          </div>
        </fieldset>
      ))}
    </details>
  );
}

export function OtherFilters({ filters, setFilter }: Pick<GroupProps, 'filters' | 'setFilter'>) {
  const { t } = useTranslation(EXPORT_NS);
  const others = OTHER_FILTERS.filter((k) => many(filters[k]).length > 0);
  if (others.length === 0) return null;
  return (
    <div className="shp-export-others" data-testid="export-other-filters">
      <strong>{t('others.title')}</strong>
      <ul>
        {others.map((key) => {
          const value = many(filters[key]).join(', ');
          const label =
            key === 'exclude_hidden'
              ? t(value === 'false' ? 'others.exclude_hidden_false' : 'others.exclude_hidden_true')
              : t(`others.${key}`, { value });
          return (
            <li key={key}>
              {label}{' '}
              <Button
                variant="link"
                size="sm"
                onClick={() => setFilter(key, '')}
                aria-label={`${t('others.remove')}: ${label}`}
              >
                {t('others.remove')}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
