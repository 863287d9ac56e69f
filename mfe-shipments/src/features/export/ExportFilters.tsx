// The filters of the Export List modal (spec section 2, Export List): search, tracking status, health, carrier,
// project, POL, POD, days to arrival, the day ranges, and for each of the eight date fields a date range
// (yyyy-MM-dd, whatever the browser's language) and a relative day range. Every filter the list applied is
// shown and can be changed; applied filters without a field of their own (order, hidden, last days) are listed
// with a Remove button. Typed text is kept as typed: the form's check names a bad date or number.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Carrier, Project } from '@portal/shared-api';
import { FILTERABLE_TRACKING_STATUSES, HEALTH_VALUES } from '@portal/shared-api/domain';
import { Button, Checkbox, Select, TextInput, ToggleButtons } from '@portal/shared-ui';
import { shipmentHealthText } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import {
  DATE_FIELDS,
  type ExportForm,
  isDayCount,
  isValidDate,
  OTHER_FILTERS,
  TEXT_FILTERS,
} from './export-form';
import { EXPORT_NS } from './i18n';

export interface ExportFiltersProps {
  filters: ExportForm['filters'];
  setFilter: (key: string, value: string | string[]) => void;
  /** Field key → message key of the form's check. */
  problems: Record<string, string>;
  carriers: Carrier[];
  projects: Project[];
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

export function ExportFilters({ filters, setFilter, problems, carriers, projects }: ExportFiltersProps) {
  const { t } = useTranslation(EXPORT_NS);
  const { t: tList } = useTranslation(NS);
  const baseId = useId();
  const error = (key: string) => (problems[key] ? t(problems[key]) : undefined);
  const text = (key: string) => one(filters[key]);
  /** Said while typing: a whole date that is not one, a day count that is not a whole number. */
  const liveProblem = (key: string, kind: 'day' | 'date') => {
    const value = text(key).trim();
    if (kind === 'date')
      return value.length >= 10 && !isValidDate(value) ? t('errors.invalidDate') : undefined;
    return value !== '' && value !== '-' && !isDayCount(value) ? t('errors.number') : undefined;
  };

  /** A text field that keeps what is typed (a day count, or a yyyy-MM-dd date). */
  const field = (key: string, label: string, kind: 'day' | 'date') => (
    <TextInput
      key={key}
      id={`${baseId}-${key}`}
      label={label}
      value={text(key)}
      maxLength={kind === 'date' ? 10 : 7}
      inputMode={kind === 'date' ? 'numeric' : 'text'}
      placeholder={kind === 'date' ? t('datePlaceholder') : undefined}
      autoComplete="off"
      onChange={(e) => setFilter(key, e.target.value)}
      error={error(key) ?? liveProblem(key, kind)}
      data-testid={`export-${key}`}
    />
  );

  const dateKeys = DATE_FIELDS.flatMap((f) => [`${f}_after`, `${f}_before`, `${f}_rel_min`, `${f}_rel_max`]);
  const datesApplied = dateKeys.filter((k) => text(k) !== '').length;
  const dayKeys = ['dta', 'dtd_min', 'dtd_max', 'dta_min', 'dta_max'];
  const daysApplied = dayKeys.filter((k) => text(k) !== '').length + (text('order_dta') === 'true' ? 1 : 0);
  const carrierValue = one(filters.carrier);
  const projectValue = one(filters.project);
  const others = OTHER_FILTERS.filter((k) => many(filters[k]).length > 0);

  return (
    <fieldset className="shp-export-filters" data-testid="export-filters">
      <legend>{t('filters')}</legend>
      <p className="pui-subtitle">{t('filtersHint')}</p>
      <div className="shp-export-filter-grid">
        <TextInput
          label={t('search')}
          value={text('search')}
          maxLength={200}
          onChange={(e) => setFilter('search', e.target.value)}
          data-testid="export-search"
        />
        <Select
          label={t('carrier')}
          value={carrierValue}
          placeholder={t('anyCarrier')}
          // an applied carrier the list of carriers does not hold (yet) is still shown
          options={[
            ...carriers.map((c) => ({ value: String(c.id), label: c.short_name || c.official_name })),
            ...(carrierValue && !carriers.some((c) => String(c.id) === carrierValue)
              ? [{ value: carrierValue, label: carrierValue }]
              : []),
          ]}
          onChange={(v) => setFilter('carrier', v ? [v] : [])}
          id={`${baseId}-carrier`}
          name="carrier"
        />
        {(projects.length > 0 || projectValue !== '') && (
          <Select
            label={t('project')}
            value={projectValue}
            placeholder={t('anyProject')}
            options={[
              ...projects.map((p) => ({ value: String(p.id), label: p.name })),
              ...(projectValue && !projects.some((p) => String(p.id) === projectValue)
                ? [{ value: projectValue, label: projectValue }]
                : []),
            ]}
            onChange={(v) => setFilter('project', v ? [v] : [])}
            id={`${baseId}-project`}
            name="project"
          />
        )}
        {TEXT_FILTERS.filter((k) => k !== 'search').map((key) => (
          <TextInput
            key={key}
            label={t(key)}
            value={text(key)}
            maxLength={100}
            onChange={(e) => setFilter(key, e.target.value)}
            data-testid={`export-${key}`}
          />
        ))}
      </div>
      <ToggleButtons
        label={t('status')}
        options={FILTERABLE_TRACKING_STATUSES.map((s) => ({ value: s, label: tList(`trackingStatus.${s}`) }))}
        value={many(filters.status)}
        onChange={(v) => setFilter('status', v)}
      />
      <ToggleButtons
        label={t('health')}
        options={HEALTH_VALUES.map((h) => ({ value: h, label: shipmentHealthText(t, h) }))}
        value={many(filters.health)}
        onChange={(v) => setFilter('health', v)}
      />
      <details className="shp-export-group" open={daysApplied > 0} data-testid="export-days">
        <summary>
          {t('dayRangesGroup')}
          {daysApplied > 0 && ` (${t('applied', { count: daysApplied })})`}
        </summary>
        <div className="shp-export-filter-grid">{dayKeys.map((key) => field(key, t(key), 'day'))}</div>
        <Checkbox
          label={t('order_dta')}
          checked={text('order_dta') === 'true'}
          onChange={(on) => setFilter('order_dta', on ? 'true' : '')}
          data-testid="export-order_dta"
        />
      </details>
      <details className="shp-export-group" open={datesApplied > 0} data-testid="export-dates">
        <summary>
          {t('datesGroup')}
          {datesApplied > 0 && ` (${t('applied', { count: datesApplied })})`}
        </summary>
        {DATE_FIELDS.map((f) => (
          <fieldset key={f} className="shp-export-date">
            <legend>{t(`dates.${f}`)}</legend>
            <div className="shp-export-date__inputs">
              {field(`${f}_after`, t('ends.after'), 'date')}
              {field(`${f}_before`, t('ends.before'), 'date')}
              {field(`${f}_rel_min`, t('ends.rel_min'), 'day')}
              {field(`${f}_rel_max`, t('ends.rel_max'), 'day')}
            </div>
          </fieldset>
        ))}
      </details>
      {others.length > 0 && (
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
      )}
    </fieldset>
  );
}
