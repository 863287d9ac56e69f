// The Export List modal's template fields: the template chosen, its name (with the server's complaints about
// it), description and schedule.
import { useTranslation } from 'react-i18next';
import { Select, TextInput } from '@portal/shared-ui';
import type { ExportTemplate, Schedule } from './export-api';
import type { useExportForm } from './use-export-form';
import { EXPORT_NS } from './i18n';

const SCHEDULES: Schedule[] = ['', 'daily', 'weekly', 'monthly'];

interface Props {
  state: ReturnType<typeof useExportForm>;
  templates: ExportTemplate[];
  onChooseTemplate: (value: string) => void;
}

export function ExportMeta({ state, templates, onChooseTemplate }: Props) {
  const { t } = useTranslation(EXPORT_NS);
  const { form, problems, nameErrors } = state;
  return (
    <div className="shp-export-meta">
      <Select
        label={t('templates')}
        value={form.templateId ? String(form.templateId) : ''}
        onChange={onChooseTemplate}
        placeholder={t('newTemplate')}
        options={templates.map((x) => ({ value: String(x.id), label: x.name }))}
        name="template"
      />
      <TextInput
        label={t('name')}
        value={form.name}
        maxLength={150}
        onChange={(e) => state.setName(e.target.value)}
        error={problems.name ? t(problems.name) : nameErrors.length ? nameErrors : undefined}
        data-testid="export-name"
      />
      <TextInput
        label={t('description')}
        value={form.description}
        maxLength={1000}
        onChange={(e) => state.setDetails({ description: e.target.value })}
      />
      <Select
        label={t('schedule')}
        value={form.schedule}
        onChange={(v) => state.setDetails({ schedule: v as Schedule })}
        options={SCHEDULES.map((s) => ({ value: s, label: t(`schedules.${s || 'none'}`) }))}
        hint={t('scheduleHint')}
        name="schedule"
      />
    </div>
  );
}
