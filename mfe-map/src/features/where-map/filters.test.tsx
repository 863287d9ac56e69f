// The map's filters survive the URL: what the controls set is written to the query (typed text after 500 ms), and
// a page opened on that URL (a reload, a shared link) restores them and asks the API for the same points.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@portal/shared-ui/router';
import { useUrlFilters, type UrlFilters } from '@portal/shared-ui/lists';
import { MAP_FILTERS, mapQuery, mapQueryFromSearch } from './filters';

let hook: UrlFilters<typeof MAP_FILTERS>;
function Probe() {
  hook = useUrlFilters(MAP_FILTERS);
  return <output data-testid="url">{useLocation().search}</output>;
}
const mount = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );

describe('map filters in the URL', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes health at once and typed text after 500 ms, then restores all four from the URL', () => {
    const first = mount('/map-locations');
    act(() => hook.setFilter('health', 'delayed'));
    act(() => hook.setFilter('search', 'MSCU'));
    act(() => hook.setFilter('pol_loc', 'Valencia'));
    act(() => hook.setFilter('pod_loc', 'CNSHA'));
    expect(screen.getByTestId('url').textContent).toBe('?health=delayed');
    act(() => jest.advanceTimersByTime(499));
    expect(screen.getByTestId('url').textContent).toBe('?health=delayed');
    act(() => jest.advanceTimersByTime(1));
    const url = screen.getByTestId('url').textContent;
    expect(new URLSearchParams(url).toString()).toBe(
      'health=delayed&search=MSCU&pol_loc=Valencia&pod_loc=CNSHA',
    );
    first.unmount();

    mount(`/map-locations${url}`);
    expect(hook.values).toEqual({ search: 'MSCU', health: 'delayed', pol_loc: 'Valencia', pod_loc: 'CNSHA' });
    expect(mapQuery(hook.query)).toEqual({
      search: 'MSCU',
      health: 'delayed',
      pol_loc: 'Valencia',
      pod_loc: 'CNSHA',
    });
  });

  it('leaves out empty filters and anything that is not a map filter', () => {
    mount('/map-locations?search=&health=alerted&page=3&ordering=eta&status=new');
    expect(mapQuery(hook.query)).toEqual({ health: 'alerted' });
    act(() => hook.reset());
    expect(mapQuery(hook.query)).toEqual({});
  });
});

describe('mapQueryFromSearch (the points asked for before the page renders)', () => {
  it('is the query the page asks for on the same URL, so the prefetched answer is the one used', () => {
    for (const url of [
      '/map-locations',
      '/map-locations?health=delayed&pod_loc=NLRTM&page=3&ordering=eta',
      '/map-locations?search=MSCU%201&pol_loc=&pod_loc=CNSHA',
    ]) {
      mount(url);
      const search = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      expect(JSON.stringify(mapQueryFromSearch(search))).toBe(JSON.stringify(mapQuery(hook.query)));
    }
  });
});
