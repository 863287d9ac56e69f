import { importProblemsOf } from './import-problems';

describe('the problems of a refused import', () => {
  it('is nothing without field messages', () => {
    expect(importProblemsOf({})).toBeNull();
  });

  it('lists the file messages and each row’s, in row order', () => {
    expect(
      importProblemsOf({
        'row 4': ['bad carrier'],
        'row 2': ['bad port', 'no tiers'],
        file: ['wrong sheet'],
      }),
    ).toEqual({
      rows: [
        { row: 2, messages: ['bad port', 'no tiers'] },
        { row: 4, messages: ['bad carrier'] },
      ],
      file: ['wrong sheet'],
    });
    expect(importProblemsOf({ file: ['empty file'] })).toEqual({ rows: [], file: ['empty file'] });
  });
});
