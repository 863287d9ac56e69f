// The Export List modal (spec section 2): templates, name, description, schedule, the filters (every filter the
// list applied, shown and changeable: ExportFilters), the columns grouped by section with search and select-all
// (ExportColumns), Export and Reset, Save Template, Save as New and Delete. Export with no column says 'Select
// columns to display' (4 s). A server error about the name shows under it until the name changes.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorToNotificationBody } from '@portal/shared-api';
import { queryKeys, useCarriers, useProjects, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { Button, DURATIONS, Modal, notifyError, notifySuccess, Select, TextInput } from '@portal/shared-ui';
import {
  exportApi,
  type ExportSectionInfo,
  type ExportTemplate,
  type Lang,
  type Schedule,
} from './export-api';
import {
  checkForm,
  emptyForm,
  fileSize,
  formOfTemplate,
  templateBody,
  withFilter,
  type ExportForm,
} from './export-form';
import { ExportColumns } from './ExportColumns';
import { ExportFilters } from './ExportFilters';
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
  const carriers = useCarriers();
  const projects = useProjects();
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
  /** Messages of the server about the name (a name already taken), shown under it until it changes. */
  const [nameErrors, setNameErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<'export' | 'save' | 'send' | null>(null);
  /** Bytes of the file received so far while it downloads (null before the first bytes). */
  const [received, setReceived] = useState<number | null>(null);

  /** A new form: every earlier message goes with the old one. */
  const resetTo = (next: ExportForm) => {
    setForm(next);
    setProblems({});
    setNameErrors([]);
  };

  // Opening the modal takes the list's filters of that moment, while that render runs: an effect would run once
  // the form is on screen and undo what is typed or ticked in that moment.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) resetTo(emptyForm(listFilters));
  }

  const setFilter = (key: string, value: string | string[]) => {
    setForm((f) => withFilter(f, key, value));
    // a corrected field no longer shows the old complaint
    setProblems(({ [key]: _fixed, ...rest }) => rest);
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
      resetTo(formOfTemplate(saved));
      notifySuccess(t('notifications.success', { ns: 'common' }));
    } catch (error) {
      const aboutName = error instanceof ApiError ? error.fieldErrors('name') : [];
      setNameErrors(aboutName);
      notifyError(t('errors.title'), errorToNotificationBody(error), DURATIONS.trackingRequest);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    // An unsaved template: deleting only resets the form (spec section 2).
    if (!form.templateId) {
      resetTo(emptyForm(listFilters));
      return;
    }
    if (!window.confirm(t('confirmDelete', { name: form.name }))) return;
    try {
      await exportApi.remove(form.templateId);
      await reloadTemplates();
      resetTo(emptyForm(listFilters));
      notifySuccess(t('notifications.deleted', { ns: 'common' }));
    } catch (error) {
      notifyError(t('errors.title'), errorToNotificationBody(error));
    }
  };

  const sendNow = async () => {
    if (!form.templateId) return;
    setBusy('send');
    try {
      await exportApi.sendNow(form.templateId);
      notifySuccess(t('sent'));
    } catch (error) {
      notifyError(t('errors.title'), errorToNotificationBody(error));
    } finally {
      setBusy(null);
    }
  };

  const chooseTemplate = (value: string) => {
    const found = templates.find((x) => String(x.id) === value);
    resetTo(found ? formOfTemplate(found) : emptyForm(listFilters));
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
        onClick={() => resetTo(emptyForm(listFilters))}
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
        variant="secondary"
        onClick={() => void sendNow()}
        busy={busy === 'send'}
        disabled={busy !== null || !form.templateId}
        title={t('sendNowHint')}
        data-testid="export-send-now"
      >
        {t('sendNow')}
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
            onChange={(e) => {
              setForm({ ...form, name: e.target.value });
              // the name changed: a complaint about the old one is stale
              setNameErrors([]);
              setProblems(({ name: _old, ...rest }) => rest);
            }}
            error={problems.name ? t(problems.name) : nameErrors.length ? nameErrors : undefined}
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
        <ExportFilters
          filters={form.filters}
          setFilter={setFilter}
          problems={problems}
          carriers={carriers}
          projects={projects}
        />
        <ExportColumns
          sections={sections}
          columns={form.columns}
          onChange={(columns) => {
            setForm((f) => ({ ...f, columns }));
            setProblems(({ columns: _none, ...rest }) => rest);
          }}
          lang={lang}
          problem={problems.columns}
        />
      </div>
    </Modal>
  );
}
