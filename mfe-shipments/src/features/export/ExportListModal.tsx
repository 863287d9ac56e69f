// The Export List modal (spec section 2): templates, name, description, schedule, the filters (every filter the
// list applied, shown and changeable: ExportFilters), the columns grouped by section with search and select-all
// (ExportColumns), Export and Reset, Save Template, Save as New and Delete. Export with no column says 'Select
// columns to display' (4 s). A server error about the name shows under it until the name changes.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToNotificationBody } from '@portal/shared-api';
import { queryKeys, useCarriers, useProjects, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { Modal, notifyError } from '@portal/shared-ui';
import { exportApi, type ExportTemplate, type Lang } from './export-api';
import { emptyForm, formOfTemplate } from './export-form';
import { ExportColumns } from './ExportColumns';
import { ExportFilters } from './ExportFilters';
import { ExportFooter } from './ExportFooter';
import { ExportMeta } from './ExportMeta';
import { EXPORT_NS } from './i18n';
import { useExportActions } from './use-export-actions';
import { useExportForm } from './use-export-form';

export interface ExportListModalProps {
  open: boolean;
  onClose: () => void;
  /** The list's current filters (its query). */
  listFilters: Record<string, unknown>;
}

const NO_TEMPLATES: ExportTemplate[] = [];

/** The columns (asked once per session) and the templates (on every opening), asked for when the modal opens. */
function useExportChoices(open: boolean) {
  const { t } = useTranslation(EXPORT_NS);
  const client = useQueryClient();
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
  const failure = fieldsQuery.error ?? templatesQuery.error;
  useEffect(() => {
    if (failure) notifyError(t('errors.title'), errorToNotificationBody(failure));
    // a failure is told once, in the language of the moment
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);
  return {
    sections: fieldsQuery.data?.sections ?? null,
    templates: templatesQuery.data ?? NO_TEMPLATES,
    /** Asks for the templates again after a write (a failure goes to the write's own error notice). */
    reloadTemplates: async () =>
      client.setQueryData(queryKeys.shipments.exportTemplates, await exportApi.templates()),
  };
}

export function ExportListModal({ open, onClose, listFilters }: ExportListModalProps) {
  const { t, i18n } = useTranslation(EXPORT_NS);
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'es';
  const carriers = useCarriers();
  const projects = useProjects();
  const { sections, templates, reloadTemplates } = useExportChoices(open);
  const state = useExportForm(open, listFilters);
  const { form, problems } = state;
  const actions = useExportActions({ state, listFilters, lang, reloadTemplates });

  const chooseTemplate = (value: string) => {
    const found = templates.find((x) => String(x.id) === value);
    state.resetTo(found ? formOfTemplate(found) : emptyForm(listFilters));
  };

  const footer = (
    <ExportFooter
      busy={actions.busy}
      received={actions.received}
      saved={Boolean(form.templateId)}
      onDelete={() => void actions.remove()}
      onReset={state.resetToList}
      onSave={(asNew) => void actions.save(asNew)}
      onSendNow={() => void actions.sendNow()}
      onExport={() => void actions.doExport()}
    />
  );

  return (
    <Modal open={open} onClose={onClose} title={t('title')} footer={footer} size="lg" className="shp-export">
      <div className="shp-export-grid" data-testid="export-modal">
        <ExportMeta state={state} templates={templates} onChooseTemplate={chooseTemplate} />
        <ExportFilters
          filters={form.filters}
          setFilter={state.setFilter}
          problems={problems}
          carriers={carriers}
          projects={projects}
        />
        <ExportColumns
          sections={sections}
          columns={form.columns}
          onChange={state.setColumns}
          lang={lang}
          problem={problems.columns}
        />
      </div>
    </Modal>
  );
}
