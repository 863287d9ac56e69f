// The calls of the Export List modal: the field schema, the user's templates, the export download.
import {
  type ApiAnswer,
  type ExportTemplate,
  type ExportTemplateBody,
  type Query,
  type ReportSchedule,
} from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

export type { ExportTemplate, ExportTemplateBody } from '@portal/shared-api';

export type Lang = 'en' | 'es';
export type Schedule = ReportSchedule;

/** GET shipments/export_fields/: the fields an export can hold, by section. */
type ExportFields = ApiAnswer<'/api/shipments/export_fields/'>;
export type ExportSectionInfo = ExportFields['sections'][number];

export const exportApi = {
  fields: (): Promise<ExportFields> => client.get('/api/shipments/export_fields/'),
  templates: (): Promise<ExportTemplate[]> => client.get('/api/export-templates/'),
  create: (body: ExportTemplateBody): Promise<ExportTemplate> =>
    client.post('/api/export-templates/', { json: body }),
  update: (id: number, body: ExportTemplateBody): Promise<ExportTemplate> =>
    client.put('/api/export-templates/{id}/', { params: { id }, json: body }),
  remove: (id: number) => client.delete('/api/export-templates/{id}/', { params: { id } }),
  /** Mails the saved template's report now (its schedule is unchanged). */
  sendNow: (id: number) => client.post('/api/export-templates/{id}/send_now/', { params: { id } }),
  /** Downloads the xlsx; the file name comes from Content-Disposition. Errors arrive as ApiError. */
  download: (
    filters: Query,
    columns: string[],
    filename: string,
    lang: Lang,
    onProgress?: (receivedBytes: number) => void,
  ) =>
    client.download(
      '/api/shipments/export/',
      { query: { ...filters, columns, filename, lang } },
      `${filename || 'shipments'}.xlsx`,
      onProgress,
    ),
};
