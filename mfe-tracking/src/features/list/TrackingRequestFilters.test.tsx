import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { useUrlFilters } from '@portal/shared-ui/lists';
import { MemoryRouter, useLocation } from '@portal/shared-ui/router';
import { testProject } from '@portal/shared-ui/testing';
import '../../i18n';
import { DEFAULT_ORDERING, FILTERS } from './columns';
import { TrackingRequestFilters } from './TrackingRequestFilters';

const PROJECTS = [testProject(4, 'Reefers'), testProject(9, 'Retail')];

function Harness({ projects }: { projects: typeof PROJECTS }) {
  const filters = useUrlFilters(FILTERS, { defaultOrdering: DEFAULT_ORDERING });
  const location = useLocation();
  return (
    <>
      <TrackingRequestFilters filters={filters} carriers={[]} projects={projects} />
      <button type="button" onClick={filters.reset}>
        reset
      </button>
      <output data-testid="url">{location.search}</output>
      <output data-testid="query">{JSON.stringify(filters.query)}</output>
    </>
  );
}

const mount = (url: string, projects = PROJECTS) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Harness projects={projects} />
    </MemoryRouter>,
  );
const url = () => new URLSearchParams(screen.getByTestId('url').textContent ?? '');
const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}') as Record<string, unknown>;

beforeAll(async () => {
  await initI18n(i18next);
});

describe('the tracking list project filter', () => {
  it('is not offered when the company has no projects', async () => {
    await i18next.changeLanguage('en');
    mount('/tracking-requests', []);
    expect(screen.queryByLabelText('Project')).not.toBeInTheDocument();
  });

  it('writes project_id to the URL (back to page 1) and the query the list asks the API with', async () => {
    await i18next.changeLanguage('en');
    mount('/tracking-requests?page=2');
    expect(screen.getByRole('option', { name: 'All projects' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: '4' } });
    expect(url().get('project_id')).toBe('4');
    expect(url().get('page')).toBeNull();
    expect(query()).toMatchObject({ project_id: '4' });
  });

  it('reads project_id from a link (/projects-config) on entry, in Spanish, and Reset Filters clears it', async () => {
    await i18next.changeLanguage('es');
    mount('/tracking-requests?project_id=9');
    const select = screen.getByLabelText('Proyecto');
    expect(select).toHaveValue('9');
    expect(screen.getByRole('option', { name: 'Todos los proyectos' })).toBeInTheDocument();
    expect(query()).toMatchObject({ project_id: '9' });
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(url().get('project_id')).toBeNull();
    expect(select).toHaveValue('');
  });
});

describe('the tracking list columns at 620 px', () => {
  it('puts the key columns first on a narrow screen and keeps the order otherwise', () => {
    const { orderedColumns } = jest.requireActual<typeof import('./columns')>('./columns');
    const visible = [
      'id',
      'status',
      'code_type',
      'code_value',
      'client_code',
      'carrier',
      'shipments_count',
    ] as const;
    expect(orderedColumns([...visible], false)).toEqual([...visible]);
    expect(orderedColumns([...visible], true)).toEqual([
      'id',
      'status',
      'code_value',
      'shipments_count',
      'carrier',
      'code_type',
      'client_code',
    ]);
  });
});
