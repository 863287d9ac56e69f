import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { useUrlFilters } from '@portal/shared-ui/lists';
import { MemoryRouter, useLocation } from '@portal/shared-ui/router';
import { testProject } from '@portal/shared-ui/testing';
import '../../i18n';
import { SHIPMENT_FILTERS } from './filters';
import { ShipmentFiltersPanel } from './ShipmentFiltersPanel';

const PROJECTS = [testProject(4, 'Reefers'), testProject(9, 'Retail')];
let projects: typeof PROJECTS = [];

function Harness() {
  const filters = useUrlFilters(SHIPMENT_FILTERS);
  const location = useLocation();
  return (
    <>
      <ShipmentFiltersPanel filters={filters} carriers={[]} projects={projects} />
      <output data-testid="url">{location.search}</output>
      <output data-testid="query">{JSON.stringify(filters.query)}</output>
    </>
  );
}

const mount = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Harness />
    </MemoryRouter>,
  );
const byId = (id: string) => document.getElementById(id) as HTMLInputElement;
const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');

beforeAll(async () => {
  await initI18n(i18next);
  await i18next.changeLanguage('en');
});
beforeEach(() => {
  projects = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('the shipment list filters in the URL', () => {
  it('reads the health (and the rest) from the URL on entry', () => {
    mount('/shipments?health=delayed&status=new&pol_loc=ESVLC&eta_after=2026-01-01&page=3');
    expect(screen.getByLabelText('Health')).toHaveValue('delayed');
    expect(screen.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('filter-pol')).toHaveValue('ESVLC');
    // More Filters opens by itself when one of its fields is applied
    expect(byId('eta_after')).toHaveValue('2026-01-01');
    expect(JSON.parse(screen.getByTestId('query').textContent ?? '{}')).toEqual({
      health: 'delayed',
      status: ['new'],
      pol_loc: 'ESVLC',
      eta_after: '2026-01-01',
      page: 3,
    });
  });

  it('writes every filter to the URL (typed text after 500 ms, back to page 1) and restores it all', () => {
    const first = mount('/shipments?page=2');
    fireEvent.change(screen.getByTestId('filter-search'), { target: { value: 'MSCU' } });
    act(() => jest.advanceTimersByTime(499));
    expect(url().get('search')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(url().get('search')).toBe('MSCU');
    expect(url().get('page')).toBeNull();

    fireEvent.change(screen.getByLabelText('Health'), { target: { value: 'alerted' } });
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    fireEvent.click(screen.getByRole('button', { name: 'On going' }));
    fireEvent.change(screen.getByTestId('filter-pod'), { target: { value: 'CNSHA' } });
    fireEvent.click(screen.getByTestId('more-filters-toggle'));
    fireEvent.change(byId('eta_after'), { target: { value: '2026-02-01' } });
    fireEvent.change(byId('created_at_before'), {
      target: { value: '2026-03-31' },
    });
    fireEvent.change(byId('dta_min'), { target: { value: '-3' } });
    act(() => jest.advanceTimersByTime(500));

    const written = url();
    expect(written.get('health')).toBe('alerted');
    expect(written.getAll('status')).toEqual(['new', 'ongoing']);
    expect(written.get('pod_loc')).toBe('CNSHA');
    expect(written.get('eta_after')).toBe('2026-02-01');
    expect(written.get('created_at_before')).toBe('2026-03-31');
    expect(written.get('dta_min')).toBe('-3');
    const search = `?${written.toString()}`;
    first.unmount();

    mount(`/shipments${search}`);
    expect(screen.getByTestId('filter-search')).toHaveValue('MSCU');
    expect(screen.getByLabelText('Health')).toHaveValue('alerted');
    expect(screen.getByRole('button', { name: 'On going' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('filter-pod')).toHaveValue('CNSHA');
    expect(byId('eta_after')).toHaveValue('2026-02-01');
    expect(byId('created_at_before')).toHaveValue('2026-03-31');
    expect(byId('dta_min')).toHaveValue('-3');
    expect(url().toString()).toBe(written.toString());
  });

  it('ignores letters in the day fields', () => {
    mount('/shipments?dtd_max=4');
    fireEvent.change(byId('dtd_max'), { target: { value: '4x' } });
    act(() => jest.advanceTimersByTime(500));
    expect(url().get('dtd_max')).toBe('4');
  });

  it('takes a negative day range typed key by key (-7 applies dta_min=-7, the lone minus is explained)', () => {
    mount('/shipments');
    fireEvent.click(screen.getByTestId('more-filters-toggle'));
    const input = byId('dta_min');
    fireEvent.change(input, { target: { value: '-' } });
    expect(input).toHaveValue('-');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number');
    act(() => jest.advanceTimersByTime(500));
    expect(url().get('dta_min')).toBeNull();
    fireEvent.change(input, { target: { value: `${input.value}7` } });
    act(() => jest.advanceTimersByTime(500));
    expect(url().get('dta_min')).toBe('-7');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Reset Filters clears everything, date inputs included', () => {
    mount('/shipments?search=X&health=ontrack&status=new&eta_after=2026-01-01&ordering=-eta&page=4');
    fireEvent.click(screen.getByTestId('reset-filters'));
    expect(url().toString()).toBe('');
    expect(screen.getByTestId('filter-search')).toHaveValue('');
    expect(screen.getByLabelText('Health')).toHaveValue('');
    expect(byId('eta_after')).toHaveValue('');
  });

  it('offers the project filter only when the company has projects, and keeps it in the URL', () => {
    const none = mount('/shipments');
    expect(screen.queryByLabelText('Project')).not.toBeInTheDocument();
    none.unmount();

    projects = PROJECTS;
    const first = mount('/shipments?page=3');
    const select = screen.getByLabelText('Project');
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'All projects' })).toBeInTheDocument();
    fireEvent.change(select, { target: { value: '9' } });
    expect(url().get('project')).toBe('9');
    expect(url().get('page')).toBeNull();
    expect(JSON.parse(screen.getByTestId('query').textContent ?? '{}')).toEqual({ project: '9' });
    first.unmount();

    // a link from /projects-config (?project=4) is read on entry, and Reset Filters clears it
    mount('/shipments?project=4');
    expect(screen.getByLabelText('Project')).toHaveValue('4');
    expect(JSON.parse(screen.getByTestId('query').textContent ?? '{}')).toEqual({ project: '4' });
    fireEvent.click(screen.getByTestId('reset-filters'));
    expect(url().get('project')).toBeNull();
    expect(screen.getByLabelText('Project')).toHaveValue('');
  });
});
