// The calls of the Export List modal: the field schema, the user's templates, the export download.
import {
  api,
  downloadApiFile,
  type ApiAnswer,
  type ExportTemplate,
  type ExportTemplateBody,
  type Query,
  type ReportSchedule,
} from '@portal/shared-api';

export type { ExportTemplate, ExportTemplateBody } from '@portal/shared-api';

export type Lang = 'en' | 'es';
export type Schedule = ReportSchedule;

/** GET shipments/export_fields/: the fields an export can hold, by section. */
type ExportFields = ApiAnswer<'/api/shipments/export_fields/'>;
export type ExportSectionInfo = ExportFields['sections'][number];

export const exportApi = {
  fields: () => api.get<ExportFields>('shipments/export_fields'),
  templates: () => api.get<ExportTemplate[]>('export-templates'),
  create: (body: ExportTemplateBody) => api.post<ExportTemplate>('export-templates', body),
  update: (id: number, body: ExportTemplateBody) => api.put<ExportTemplate>(`export-templates/${id}`, body),
  remove: (id: number) => api.delete<null>(`export-templates/${id}`),
  /** Mails the saved template's report now (its schedule is unchanged). */
  sendNow: (id: number) => api.post<{ status: string }>(`export-templates/${id}/send_now`),
  /** Downloads the xlsx; the file name comes from Content-Disposition. Errors arrive as ApiError. */
  download: (
    filters: Query,
    columns: string[],
    filename: string,
    lang: Lang,
    onProgress?: (receivedBytes: number) => void,
  ) =>
    downloadApiFile(
      'shipments/export',
      { ...filters, columns, filename, lang },
      `${filename || 'shipments'}.xlsx`,
      onProgress,
    ),
};
