// The calls of the Export List modal: the field schema, the user's templates, the export download.
import { api, downloadApiFile, type Query } from '@portal/shared-api';

export type Lang = 'en' | 'es';
export type Schedule = '' | 'daily' | 'weekly' | 'monthly';

interface ExportFieldInfo {
  key: string;
  label: Record<Lang, string>;
  type: string;
}

export interface ExportSectionInfo {
  key: string;
  label: Record<Lang, string>;
  fields: ExportFieldInfo[];
}

export interface ExportTemplate {
  id: number;
  name: string;
  description: string;
  send_email: Schedule;
  user: number;
  columns: string[];
  filters: Record<string, string | string[]>;
}

export type ExportTemplateBody = Omit<ExportTemplate, 'id' | 'user'>;

export const exportApi = {
  fields: () => api.get<{ count: number; sections: ExportSectionInfo[] }>('shipments/export_fields'),
  templates: () => api.get<ExportTemplate[]>('export-templates'),
  create: (body: ExportTemplateBody) => api.post<ExportTemplate>('export-templates', body),
  update: (id: number, body: ExportTemplateBody) => api.put<ExportTemplate>(`export-templates/${id}`, body),
  remove: (id: number) => api.delete<null>(`export-templates/${id}`),
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
