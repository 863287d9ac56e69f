// The teams and projects pages as a manager uses them (the calls answered by a mock of the config API module):
// a new team opens at the top, people are added from the company's users and removed with ×, each change is
// saved at once with its notice, a refused change shows the server's message under the list it concerns, a
// rename can be cancelled, a delete asks first, a team shows the projects its people follow, and "Add team"
// subscribes a team's people to a project at once.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { ApiError, type UserSummary } from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { initI18n, useNotifications } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import '../../i18n';
import { configApi, type Group } from '../../lib/api';
import { ProjectsConfigPage } from '../../pages/ProjectsConfigPage';
import { TeamsConfigPage } from '../../pages/TeamsConfigPage';

jest.mock('../../lib/api', () => ({
  configApi: {
    users: jest.fn(),
    groups: jest.fn(),
    create: jest.fn(),
    update: jest.fn(),
    remove: jest.fn(),
    projectUsage: jest.fn(),
  },
}));
const mocked = configApi as jest.Mocked<typeof configApi>;

const user = (id: number, username: string, first_name = '', last_name = ''): UserSummary => ({
  id,
  username,
  first_name,
  last_name,
  email: `${username}@example.com`,
});
const ANA = user(1, 'ana', 'Ana', 'Pérez');
const LUIS = user(2, 'luis', 'Luis', 'Gil');
const EVA = user(3, 'eva');
const group = (id: number, name: string, extra: Partial<Group> = {}) =>
  ({ id, name, created_at: '2026-01-01T00:00:00Z', modified_at: '2026-01-01T00:00:00Z', ...extra }) as Group;

const OPS = group(5, 'Operations', { coordinators: [ANA], members: [LUIS] });
const EXPORTS = group(7, 'Exports', { subscribers: [LUIS, EVA] });
const IMPORTS = group(8, 'Imports', { subscribers: [] });

const titles = () => useNotifications.getState().items.map((n) => n.title);
const card = (id: number) => screen.getByTestId(`cfg-group-${id}`);
const people = (id: number, field: string) =>
  [...screen.getByTestId(`cfg-group-${id}-${field}`).querySelectorAll('li[data-user]')].map((li) =>
    li.getAttribute('data-user'),
  );

function renderPage(page: 'teams' | 'projects') {
  return render(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter>{page === 'teams' ? <TeamsConfigPage /> : <ProjectsConfigPage />}</MemoryRouter>
    </QueryProvider>,
  );
}

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  jest.clearAllMocks();
  useNotifications.getState().clear();
  await act(() => i18next.changeLanguage('en'));
  mocked.users.mockResolvedValue([ANA, LUIS, EVA]);
  mocked.groups.mockImplementation((resource) =>
    Promise.resolve(resource === 'teams' ? [OPS] : [EXPORTS, IMPORTS]),
  );
  mocked.projectUsage.mockResolvedValue({ requests: 3, shipments: 1 });
});

describe('the teams page', () => {
  it('shows each team with its coordinators, members and the projects its people follow', async () => {
    renderPage('teams');
    await screen.findByTestId('cfg-group-5');
    expect(card(5).querySelector('h2')).toHaveTextContent('Operations');
    expect(people(5, 'coordinators')).toEqual(['ana']);
    expect(people(5, 'members')).toEqual(['luis']);
    expect(within(card(5)).getByText('Ana Pérez (ana)')).toBeInTheDocument();
    // Luis follows Exports (Eva too, but she is not in the team): one of the team's two people
    expect(screen.getByTestId('cfg-group-5-follows')).toHaveTextContent('Exports (1/2)');
    expect(screen.getByTestId('cfg-group-5-follows')).not.toHaveTextContent('Imports');
  });

  it('creates a team, which opens at the top, and empties the name', async () => {
    mocked.create.mockResolvedValue(group(9, 'Sales', { coordinators: [], members: [] }));
    renderPage('teams');
    await screen.findByTestId('cfg-group-5');
    const create = screen.getByTestId('cfg-create');
    expect(create).toBeDisabled();
    fireEvent.change(screen.getByTestId('cfg-new-name'), { target: { value: 'Sales' } });
    fireEvent.click(create);
    await screen.findByTestId('cfg-group-9');
    expect(mocked.create).toHaveBeenCalledWith('teams', { name: 'Sales' });
    expect(screen.getAllByTestId(/^cfg-group-\d+$/).map((li) => li.getAttribute('data-name'))).toEqual([
      'Sales',
      'Operations',
    ]);
    expect(screen.getByTestId('cfg-new-name')).toHaveValue('');
    expect(within(card(9)).getAllByText('Nobody yet')).toHaveLength(2);
    expect(titles()).toEqual(['Sucessfully saved']);
  });

  it('adds a member from the company users and removes one with ×, saving each at once', async () => {
    mocked.update.mockImplementation((_r, _id, body) =>
      Promise.resolve({
        ...OPS,
        members: [LUIS, EVA].filter((u) => (body.members as number[]).includes(u.id)),
      }),
    );
    renderPage('teams');
    await screen.findByTestId('cfg-group-5');
    const picker = screen.getByTestId('cfg-group-5-members-add');
    fireEvent.change(picker, { target: { value: 'eva' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect(people(5, 'members')).toEqual(['luis', 'eva']));
    expect(mocked.update).toHaveBeenCalledWith('teams', 5, { members: [2, 3] });
    fireEvent.click(screen.getByLabelText('Remove Luis Gil (luis)'));
    await waitFor(() => expect(people(5, 'members')).toEqual(['eva']));
    expect(mocked.update).toHaveBeenLastCalledWith('teams', 5, { members: [3] });
    expect(titles()).toEqual(['Sucessfully saved', 'Sucessfully saved']);
  });

  it("shows a refused change's message under the list it concerns and keeps the list as it was", async () => {
    mocked.update.mockRejectedValue(
      new ApiError(400, { coordinators: ['A coordinator must be a manager.'] }),
    );
    renderPage('teams');
    await screen.findByTestId('cfg-group-5');
    fireEvent.click(screen.getByLabelText('Remove Ana Pérez (ana)'));
    const alert = await within(screen.getByTestId('cfg-group-5-coordinators')).findByRole('alert');
    expect(alert).toHaveTextContent('A coordinator must be a manager.');
    expect(people(5, 'coordinators')).toEqual(['ana']);
    expect(titles()).toEqual(['ERROR']);
  });

  it('renames a team, and Cancel puts the old name back', async () => {
    mocked.update.mockResolvedValue({ ...OPS, name: 'Ops' });
    renderPage('teams');
    await screen.findByTestId('cfg-group-5');
    fireEvent.click(screen.getByTestId('cfg-group-5-rename'));
    fireEvent.change(screen.getByTestId('cfg-group-5-name'), { target: { value: 'Typo' } });
    fireEvent.click(within(card(5)).getByText('Cancel'));
    expect(card(5).querySelector('h2')).toHaveTextContent('Operations');
    fireEvent.click(screen.getByTestId('cfg-group-5-rename'));
    expect(screen.getByTestId('cfg-group-5-name')).toHaveValue('Operations');
    fireEvent.change(screen.getByTestId('cfg-group-5-name'), { target: { value: 'Ops' } });
    fireEvent.click(screen.getByTestId('cfg-group-5-save-name'));
    await waitFor(() => expect(card(5).querySelector('h2')).toHaveTextContent('Ops'));
    expect(mocked.update).toHaveBeenCalledWith('teams', 5, { name: 'Ops' });
  });

  it('asks before deleting a team, and removes it from the page once deleted', async () => {
    mocked.remove.mockResolvedValue(null);
    renderPage('teams');
    await screen.findByTestId('cfg-group-5');
    fireEvent.click(screen.getByTestId('cfg-group-5-delete'));
    expect(screen.getByText('Delete “Operations”?')).toBeInTheDocument();
    expect(
      screen.getByText('The team goes; its people and their project subscriptions stay.'),
    ).toBeInTheDocument();
    expect(mocked.remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('cfg-group-5-confirm-delete'));
    await waitFor(() => expect(screen.queryByTestId('cfg-group-5')).toBeNull());
    expect(mocked.remove).toHaveBeenCalledWith('teams', 5);
    expect(titles()).toEqual(['Sucessfully deleted']);
    expect(screen.getByText('Your company has no teams yet.')).toBeInTheDocument();
  });

  it('is in Spanish after a switch', async () => {
    renderPage('teams');
    await screen.findByTestId('cfg-group-5');
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Equipos');
    expect(screen.getByTestId('cfg-group-5-rename')).toHaveTextContent('Renombrar');
    expect(screen.getByLabelText('Quitar a Luis Gil (luis)')).toBeInTheDocument();
  });
});

describe('the projects page', () => {
  it('shows how many requests and shipments carry each project, with links to those lists', async () => {
    renderPage('projects');
    await screen.findByTestId('cfg-group-7');
    await waitFor(() =>
      expect(screen.getByTestId('cfg-group-7-usage-text')).toHaveTextContent(
        '3 tracking requests · 1 shipment',
      ),
    );
    expect(mocked.projectUsage).toHaveBeenCalledWith(7);
    const links = within(screen.getByTestId('cfg-group-7-usage')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/tracking-requests?project_id=7',
      '/shipments?project=7',
    ]);
  });

  it("subscribes a team's people at once, keeping the subscribers it had", async () => {
    mocked.update.mockImplementation((_r, id, body) =>
      Promise.resolve({
        ...(id === 7 ? EXPORTS : IMPORTS),
        subscribers: [ANA, LUIS, EVA].filter((u) => (body.subscribers as number[]).includes(u.id)),
      }),
    );
    renderPage('projects');
    await screen.findByTestId('cfg-group-7');
    fireEvent.change(document.getElementById('cfg-group-7-add-team')!, { target: { value: '5' } });
    await waitFor(() => expect(people(7, 'subscribers')).toEqual(['ana', 'luis', 'eva']));
    // Luis already followed it: once only
    expect(mocked.update).toHaveBeenCalledWith('projects', 7, { subscribers: [2, 3, 1] });
    expect(titles()).toEqual(['Sucessfully saved']);
  });

  it('tells a failed load', async () => {
    mocked.users.mockRejectedValue(new ApiError(500, { detail: 'Server error.' }));
    renderPage('projects');
    await waitFor(() => expect(titles()).toEqual(['ERROR']));
    expect(useNotifications.getState().items[0].body).toEqual([
      { label: 'detail', messages: ['Server error.'] },
    ]);
  });
});
