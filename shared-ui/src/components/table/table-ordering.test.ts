import { nextOrdering, sortDirection } from './table-ordering';

describe('sortDirection', () => {
  it('reads the first field of the ordering only', () => {
    expect(sortDirection('name', 'name')).toBe('ascending');
    expect(sortDirection('-name', 'name')).toBe('descending');
    expect(sortDirection('-id, name', 'name')).toBe('none');
    expect(sortDirection(' -id ,name', 'id')).toBe('descending');
  });

  it('is none without an ordering', () => {
    expect(sortDirection(undefined, 'name')).toBe('none');
    expect(sortDirection('', 'name')).toBe('none');
    expect(sortDirection(',name', 'name')).toBe('none');
  });
});

describe('nextOrdering', () => {
  it('sorts another column ascending, ascending to descending, descending back to ascending', () => {
    expect(nextOrdering('-id', 'name')).toBe('name');
    expect(nextOrdering('name', 'name')).toBe('-name');
    expect(nextOrdering('-name', 'name')).toBe('name');
    expect(nextOrdering(undefined, 'name')).toBe('name');
  });
});
