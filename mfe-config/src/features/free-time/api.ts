// The free-time rules calls (demurrage and detention): the company's rules, their writes, and the spreadsheet
// export and import. Types from the API's contract.
import { allPages, api, downloadApiFile, type ApiAnswer, type ApiBody } from '@portal/shared-api';

export type FreeTimeRule = ApiAnswer<'/api/free-time-rules/{id}/'>;
export type FreeTimeRuleWrite = ApiBody<'/api/free-time-rules/'>;
export type FreeTimeTier = FreeTimeRule['demurrage_tiers'][number];
export type FreeTimeImportResult = ApiAnswer<'/api/free-time-rules/import/', 'post'>;
export type ImportMode = 'upsert' | 'replace';

export const freeTimeApi = {
  rules: () => allPages<FreeTimeRule>('free-time-rules'),
  create: (body: FreeTimeRuleWrite) => api.post<FreeTimeRule>('free-time-rules', body),
  update: (id: number, body: FreeTimeRuleWrite) => api.put<FreeTimeRule>(`free-time-rules/${id}`, body),
  remove: (id: number) => api.delete<null>(`free-time-rules/${id}`),
  exportFile: () => downloadApiFile('free-time-rules/export', undefined, 'free-time-rules.xlsx'),
  importFile: (file: File, mode: ImportMode) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<FreeTimeImportResult>('free-time-rules/import', undefined, {
      body: form,
      query: { mode },
    });
  },
};
