// The free-time rules calls (demurrage and detention): the company's rules, their writes, and the spreadsheet
// export and import. Types from the API's contract.
import { type ApiAnswer, type ApiBody } from '@portal/shared-api';
import { allPages, client } from '@portal/shared-api/client';

export type FreeTimeRule = ApiAnswer<'/api/free-time-rules/{id}/'>;
export type FreeTimeRuleWrite = ApiBody<'/api/free-time-rules/'>;
export type FreeTimeTier = FreeTimeRule['demurrage_tiers'][number];
export type FreeTimeImportResult = ApiAnswer<'/api/free-time-rules/import/', 'post'>;
export type ImportMode = 'upsert' | 'replace';

export const freeTimeApi = {
  rules: (): Promise<FreeTimeRule[]> => allPages('/api/free-time-rules/'),
  create: (body: FreeTimeRuleWrite): Promise<FreeTimeRule> =>
    client.post('/api/free-time-rules/', { json: body }),
  update: (id: number, body: FreeTimeRuleWrite): Promise<FreeTimeRule> =>
    client.put('/api/free-time-rules/{id}/', { params: { id }, json: body }),
  remove: (id: number) => client.delete('/api/free-time-rules/{id}/', { params: { id } }),
  exportFile: () => client.download('/api/free-time-rules/export/', {}, 'free-time-rules.xlsx'),
  importFile: (file: File, mode: ImportMode): Promise<FreeTimeImportResult> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return client.post('/api/free-time-rules/import/', { form, query: { mode } });
  },
};
