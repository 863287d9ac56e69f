import { bulkRowErrors } from './tracking-calls';

describe('bulkRowErrors', () => {
  it('reads the API\'s "row N" keys in row order, leaving the summary out', () => {
    expect(
      bulkRowErrors({
        non_field_errors: ['2 of 3 rows have errors; nothing was imported.'],
        'row 4': ['carrier: Unknown carrier "NOPE".'],
        'row 3': ['code_value: MAEU1234561 is not a valid container number.', 'container: x'],
      }),
    ).toEqual([
      { row: 3, messages: ['code_value: MAEU1234561 is not a valid container number.', 'container: x'] },
      { row: 4, messages: ['carrier: Unknown carrier "NOPE".'] },
    ]);
  });

  it('reads a list of rows too, and gives nothing for a file error', () => {
    expect(bulkRowErrors({ rows: [{ line: 2, errors: { carrier: ['Required.'] } }] })).toEqual([
      { row: 2, messages: ['carrier: Required.'] },
    ]);
    expect(bulkRowErrors({ file: ['The file is empty.'] })).toEqual([]);
    expect(bulkRowErrors(null)).toEqual([]);
  });
});
