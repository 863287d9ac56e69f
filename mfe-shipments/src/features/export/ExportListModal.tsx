// The Export List modal (spec section 2): templates, name, description, schedule, the filters (prefilled from
// the list), the columns grouped by section with search and select-all, Export and Reset, Save Template,
// Save as New and Delete. Export with no column says 'Select columns to display' (4 s).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToNotificationBody } from '@portal/shared-api';
import { HEALTH_VALUES } from '@portal/shared-api/domain';
import { queryKeys, useQuery, useQueryClient } from '@portal/shared-api/queries';
import {
  Button,
  Checkbox,
  DateInput,
  DURATIONS,
  Modal,
  notifyError,
  notifySuccess,
  NumberInput,
  Select,
  Spinner,
  TextInput,
} from '@portal/shared-ui';
import { shipmentHealthText } from '@portal/shared-ui/lists';
import {
  exportApi,
  type ExportSectionInfo,
  type ExportTemplate,
  type Lang,
  type Schedule,
} from './export-api';
import {
  checkForm,
  DATE_FILTERS,
  DAY_FILTERS,
  emptyForm,
  fileSize,
  formOfTemplate,
  templateBody,
  TEXT_FILTERS,
  toggleSection,
  withFilter,
  type ExportForm,
} from './export-form';
import { EXPORT_NS } from './i18n';

export interface ExportListModalProps {
  open: boolean;
  onClose: () => void;
  /** The list's current filters (its query). */
  listFilters: Record<string, unknown>;
}

const SCHEDULES: Schedule[] = ['', 'daily', 'weekly', 'monthly'];
const NO_COLUMNS_MS = 4000;
const NO_TEMPLATES: ExportTemplate[] = [];

export function ExportListModal({ open, onClose, listFilters }: ExportListModalProps) {
  const { t, i18n } = useTranslation(EXPORT_NS);
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'es';
  const client = useQueryClient();
  // asked for when the modal opens: the columns once per session, the templates on every opening
  const fieldsQuery = useQuery({
    queryKey: queryKeys.shipments.exportFields,
    queryFn: exportApi.fields,
    enabled: open,
    staleTime: Infinity,
  });
  const templatesQuery = useQuery({
    queryKey: queryKeys.shipments.exportTemplates,
    queryFn: exportApi.templates,
    enabled: open,
  });
  const sections: ExportSectionInfo[] | null = fieldsQuery.data?.sections ?? null;
  const templates = templatesQuery.data ?? NO_TEMPLATES;
  const failure = fieldsQuery.error ?? templatesQuery.error;
  useEffect(() => {
    if (failure) notifyError(t('errors.title'), errorToNotificationBody(failure));
    // a failure is told once, in the language of the moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);
  /** Asks for the templates again after a write (a failure goes to the write's own error notice). */
  const reloadTemplates = async () =>
    client.setQueryData(queryKeys.shipments.exportTemplates, await exportApi.templates());
  const [form, setForm] = useState<ExportForm>(() => emptyForm(listFilters));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [find, setFind] = useState('');
  const [busy, setBusy] = useState<'export' | 'save' | null>(null);
  /** Bytes of the file received so far while it downloads (null before the first bytes). */
  const [received, setReceived] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    setForm(emptyForm(listFilters));
    setProblems({});
    // Opening the modal takes the list's filters of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

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

  const chosen = new Set(form.columns);
  const setFilter = (key: string, value: string | string[]) => setForm((f) => withFilter(f, key, value));
  const text = (key: string) => {
    const v = form.filters[key];
    return typeof v === 'string' ? v : '';
  };

  const validate = (purpose: 'export' | 'save'): boolean => {
    const found = checkForm(form, purpose);
    setProblems(found);
    if (found.columns) notifyError(t('errors.title'), t('errors.noColumns'), NO_COLUMNS_MS);
    return Object.keys(found).length === 0;
  };

  const doExport = async () => {
    if (!validate('export')) return;
    setBusy('export');
    try {
      setReceived(null);
      await exportApi.download(form.filters, form.columns, form.name.trim() || 'shipments', lang, (bytes) =>
        setReceived(bytes),
      );
      notifySuccess(t('downloaded'));
    } catch (error) {
      notifyError(t('errors.title'), errorToNotificationBody(error), DURATIONS.trackingRequest);
    } finally {
      setBusy(null);
    }
  };

  const save = async (asNew: boolean) => {
    if (!validate('save')) return;
    setBusy('save');
    try {
      const body = templateBody(form);
      const saved =
        form.templateId && !asNew
          ? await exportApi.update(form.templateId, body)
          : await exportApi.create(body);
      await reloadTemplates();
      setForm(formOfTemplate(saved));
      notifySuccess(t('saved'));
    } catch (error) {
      notifyError(t('errors.title'), errorToNotificationBody(error), DURATIONS.trackingRequest);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    // An unsaved template: deleting only resets the form (spec section 2).
    if (!form.templateId) {
      setForm(emptyForm(listFilters));
      return;
    }
    if (!window.confirm(t('confirmDelete', { name: form.name }))) return;
    try {
      await exportApi.remove(form.templateId);
      await reloadTemplates();
      setForm(emptyForm(listFilters));
      notifySuccess(t('deleted'));
    } catch (error) {
      notifyError(t('errors.title'), errorToNotificationBody(error));
    }
  };

  const chooseTemplate = (value: string) => {
    const found = templates.find((x) => String(x.id) === value);
    setForm(found ? formOfTemplate(found) : emptyForm(listFilters));
    setProblems({});
  };

  const footer = (
    <div className="shp-export-footer">
      <Button
        variant="danger"
        onClick={() => void remove()}
        disabled={busy !== null}
        data-testid="export-delete"
      >
        {t('delete')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => setForm(emptyForm(listFilters))}
        disabled={busy !== null}
        data-testid="export-reset"
      >
        {t('reset')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => void save(true)}
        busy={busy === 'save'}
        disabled={busy !== null}
        data-testid="export-save-new"
      >
        {t('saveAsNew')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => void save(false)}
        disabled={busy !== null || !form.templateId}
        data-testid="export-save"
      >
        {t('save')}
      </Button>
      <Button
        onClick={() => void doExport()}
        busy={busy === 'export'}
        disabled={busy !== null}
        data-testid="export-submit"
      >
        {busy !== 'export'
          ? t('export')
          : received
            ? t('downloading', { size: fileSize(received, i18n.language) })
            : t('exporting')}
      </Button>
    </div>
  );

  return (
    <Modal open={open} onClose={onClose} title={t('title')} footer={footer} size="lg" className="shp-export">
      <div className="shp-export-grid" data-testid="export-modal">
        <div className="shp-export-meta">
          <Select
            label={t('templates')}
            value={form.templateId ? String(form.templateId) : ''}
            onChange={chooseTemplate}
            placeholder={t('newTemplate')}
            options={templates.map((x) => ({ value: String(x.id), label: x.name }))}
            name="template"
          />
          <TextInput
            label={t('name')}
            value={form.name}
            maxLength={150}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            error={problems.name ? t(problems.name) : undefined}
            data-testid="export-name"
          />
          <TextInput
            label={t('description')}
            value={form.description}
            maxLength={1000}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
          <Select
            label={t('schedule')}
            value={form.schedule}
            onChange={(v) => setForm({ ...form, schedule: v as Schedule })}
            options={SCHEDULES.map((s) => ({ value: s, label: t(`schedules.${s || 'none'}`) }))}
            hint={t('scheduleHint')}
            name="schedule"
          />
        </div>
        <fieldset className="shp-export-filters">
          <legend>{t('filters')}</legend>
          <p className="pui-subtitle">{t('filtersHint')}</p>
          <div className="shp-export-filter-grid">
            {TEXT_FILTERS.map((key) => (
              <TextInput
                key={key}
                label={t(key)}
                value={text(key)}
                maxLength={200}
                onChange={(e) => setFilter(key, e.target.value)}
              />
            ))}
            <Select
              label={t('health')}
              value={Array.isArray(form.filters.health) ? form.filters.health[0] : ''}
              onChange={(v) => setFilter('health', v ? [v] : [])}
              placeholder={t('healthAny')}
              options={HEALTH_VALUES.map((h) => ({ value: h, label: shipmentHealthText(t, h) }))}
              name="health"
            />
            {DAY_FILTERS.map((key) => (
              <NumberInput
                key={key}
                label={t(key)}
                value={text(key)}
                onValueChange={(v) => setFilter(key, v)}
                error={problems[key] ? t(problems[key]) : undefined}
                data-testid={`export-${key}`}
              />
            ))}
            {DATE_FILTERS.map((key) => (
              <DateInput
                key={key}
                label={t(key)}
                value={text(key)}
                onChange={(e) => setFilter(key, e.target.value)}
                error={problems[key] ? t(problems[key]) : undefined}
                data-testid={`export-${key}`}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="shp-export-columns" data-testid="export-columns">
          <legend>{t('columns')}</legend>
          <p className={problems.columns ? 'shp-export-error' : 'pui-subtitle'} aria-live="polite">
            {problems.columns ? t(problems.columns) : t('columnsChosen', { count: form.columns.length })}
          </p>
          {form.columns.length > 0 && (
            <ol className="shp-export-chosen" data-testid="export-chosen">
              {form.columns.map((k) => (
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
                    onChange={(on) => setForm({ ...form, columns: toggleSection(form.columns, keys, on) })}
                  />
                  <div className="shp-export-fields">
                    {section.fields.map((f) => (
                      <Checkbox
                        key={f.key}
                        label={f.label[lang]}
                        checked={chosen.has(f.key)}
                        onChange={(on) =>
                          setForm({ ...form, columns: toggleSection(form.columns, [f.key], on) })
                        }
                        data-testid={`export-field-${f.key}`}
                      />
                    ))}
                  </div>
                </details>
              );
            })
          )}
        </fieldset>
      </div>
    </Modal>
  );
}
