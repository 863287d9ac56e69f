import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@portal/shared-ui/router';
import { isFiltered, queryOf, useUrlFilters, type UrlFilters } from './use-url-filters';

const SCHEMA = { search: 'text', status: 'list', carrier_id: 'value' } as const;
type Schema = typeof SCHEMA;

let hook: UrlFilters<Schema>;
function Probe() {
  hook = useUrlFilters(SCHEMA);
  const location = useLocation();
  return <output data-testid="url">{location.search}</output>;
}

const url = () => screen.getByTestId('url').textContent;
const mount = (initial = '/list') =>
  render(
    <MemoryRouter initialEntries={[initial]}>
      <Probe />
    </MemoryRouter>,
  );

describe('useUrlFilters', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('restores filters, page and ordering from the URL (repeated keys for lists)', () => {
    mount('/list?search=MSCU&status=new&status=ongoing&carrier_id=3&page=2&ordering=-created_at');
    expect(hook.values).toEqual({ search: 'MSCU', status: ['new', 'ongoing'], carrier_id: '3' });
    expect(hook.page).toBe(2);
    expect(hook.ordering).toBe('-created_at');
    expect(hook.query).toEqual({
      search: 'MSCU',
      status: ['new', 'ongoing'],
      carrier_id: '3',
      page: 2,
      ordering: '-created_at',
    });
    expect(hook.filtered).toBe(true);
  });

  it('debounces typed text by 500 ms and then goes back to page 1', () => {
    mount('/list?page=3');
    act(() => hook.setFilter('search', 'MS'));
    act(() => hook.setFilter('search', 'MSCU'));
    expect(hook.values.search).toBe('MSCU');
    expect(hook.applied.search).toBe('');
    expect(url()).toBe('?page=3');
    act(() => jest.advanceTimersByTime(499));
    expect(url()).toBe('?page=3');
    act(() => jest.advanceTimersByTime(1));
    expect(url()).toBe('?search=MSCU');
    expect(hook.applied.search).toBe('MSCU');
    expect(hook.page).toBe(1);
  });

  it('applies lists and values at once, as repeated keys, resetting the page', () => {
    mount('/list?page=4');
    act(() => hook.setFilter('status', ['new', 'archived']));
    expect(url()).toBe('?status=new&status=archived');
    act(() => hook.setPage(2));
    act(() => hook.setFilter('carrier_id', '5'));
    expect(url()).toBe('?status=new&status=archived&carrier_id=5');
    act(() => hook.setFilter('status', []));
    expect(url()).toBe('?carrier_id=5');
  });

  it('sorting and paging are kept in the URL; a new ordering goes back to page 1', () => {
    mount('/list');
    act(() => hook.setPage(3));
    expect(url()).toBe('?page=3');
    act(() => hook.setOrdering('-code_value'));
    expect(url()).toBe('?ordering=-code_value');
    act(() => hook.setPage(1));
    expect(url()).toBe('?ordering=-code_value');
  });

  it('reset clears every filter, the page, the ordering and text still being typed', () => {
    mount('/list?search=A&status=new&carrier_id=1&page=2&ordering=id&other=kept');
    act(() => hook.setFilter('search', 'ABC'));
    act(() => hook.reset());
    act(() => jest.advanceTimersByTime(1000));
    expect(url()).toBe('?other=kept');
    expect(hook.values).toEqual({ search: '', status: [], carrier_id: '' });
    expect(hook.filtered).toBe(false);
    expect(hook.resetCount).toBe(1);
  });
});

describe('queryOf and isFiltered', () => {
  it('leaves out empty values and page 1, keeps the ordering', () => {
    expect(queryOf({ search: '', status: ['new'], carrier: [] }, 1, '-eta')).toEqual({
      status: ['new'],
      ordering: '-eta',
    });
    expect(queryOf({ search: 'x' }, 3, '')).toEqual({ search: 'x', page: 3 });
  });

  it('says whether any filter is applied', () => {
    expect(isFiltered({ search: '', status: [] })).toBe(false);
    expect(isFiltered({ search: '', status: ['new'] })).toBe(true);
    expect(isFiltered({ search: 'x' })).toBe(true);
  });
});
