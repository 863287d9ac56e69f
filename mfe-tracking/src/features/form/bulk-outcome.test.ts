import { ApiError, type BulkUploadResult } from '@portal/shared-api';
import { importedOutcome, refusedOutcome } from './bulk-outcome';

describe('importedOutcome', () => {
  it('counts the imported requests and keeps the well-formed filled rows', () => {
    const result = {
      imported: 2,
      ids: [1, 2],
      carriers_filled: [{ row: 2, carrier: 'MSC' }, { row: 'x' }, null],
    } as unknown as BulkUploadResult;
    expect(importedOutcome(result)).toEqual({ kind: 'ok', count: 2, filled: [{ row: 2, carrier: 'MSC' }] });
  });

  it('has no count when the answer lacks it', () => {
    expect(importedOutcome({} as BulkUploadResult)).toEqual({ kind: 'ok', count: null, filled: [] });
  });
});

describe('refusedOutcome', () => {
  it('names the file field in the visitor language and drops labels of whole-answer messages', () => {
    const error = new ApiError(400, { file: ['Unsupported type.'], detail: 'Bad file.' });
    const outcome = refusedOutcome('x.csv', error, 'Fichero');
    expect(outcome).toEqual({
      kind: 'error',
      name: 'x.csv',
      rows: [],
      other: expect.arrayContaining(['Fichero: Unsupported type.', 'Bad file.']) as unknown,
    });
  });
});
