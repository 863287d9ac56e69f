// The calendar-feed card (its calls answered by a mock of its API module): it creates a feed for a project and
// shows its address once to copy, offers saved filters only when the user has some, lists the feeds with their
// scope and state, revokes after a confirmation, shows the server's field messages, and speaks es and en.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initI18n, useNotifications } from '@portal/shared-ui';
import { ApiError } from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import '../../i18n';
import { CalendarFeedsCard } from './CalendarFeedsCard';
import { calendarApi, type CalendarFeed, type SavedFilter } from './api';

jest.mock('./api', () => ({
  calendarApi: { feeds: jest.fn(), create: jest.fn(), revoke: jest.fn(), savedFilters: jest.fn() },
}));
jest.mock('@portal/shared-api/queries', () => {
  const actual = jest.requireActual('@portal/shared-api/queries');
  return {
    ...actual,
    referenceQueries: {
      ...actual.referenceQueries,
      projects: () => ({
        queryKey: ['reference', 'projects'],
        queryFn: () =>
          Promise.resolve([
            { id: 3, name: 'Iberia imports' },
            { id: 4, name: 'Asia exports' },
          ]),
      }),
    },
  };
});
const mocked = calendarApi as jest.Mocked<typeof calendarApi>;

const FEED: CalendarFeed = {
  id: 11,
  name: 'Iberia arrivals',
  scope: 'project',
  project: 3,
  project_name: 'Iberia imports',
  template: null,
  template_name: null,
  lang: 'en',
  status: 'active',
  created_at: '2026-11-20T09:05:00.000Z',
  last_used_at: null,
  revoked_at: null,
};
const REVOKED: CalendarFeed = {
  ...FEED,
  id: 9,
  name: 'Old one',
  scope: 'all',
  project: null,
  project_name: null,
  lang: 'es',
  status: 'revoked',
  revoked_at: '2026-11-21T10:00:00.000Z',
};
const URL_ONCE = 'https://portal.example.com/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

const wrap = (node: ReactNode) => render(<QueryProvider client={createQueryClient()}>{node}</QueryProvider>);
const scopeOptions = () =>
  Array.from(screen.getByLabelText<HTMLSelectElement>(/Shipments|Envíos/).options).map((o) => o.value);

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  jest.clearAllMocks();
  useNotifications.getState().clear();
  await act(() => i18next.changeLanguage('en'));
  mocked.feeds.mockResolvedValue([FEED, REVOKED]);
  mocked.savedFilters.mockResolvedValue([]);
});

it('lists the feeds with their scope, language and state; only active ones can be revoked', async () => {
  wrap(<CalendarFeedsCard />);
  const active = await screen.findByTestId('cal-feed-11');
  expect(active).toHaveTextContent('Project: Iberia imports · English');
  expect(active).toHaveTextContent('Not read by a calendar yet');
  const revoked = screen.getByTestId('cal-feed-9');
  expect(revoked).toHaveTextContent('All my company’s shipments · Spanish');
  expect(revoked).toHaveTextContent('Revoked 2026-11-21');
  expect(within(revoked).queryByRole('button')).toBeNull();
  expect(screen.getByTestId('cal-help')).toHaveTextContent('Outlook');
  expect(screen.getByTestId('cal-help')).toHaveTextContent('Google Calendar');
});

it('creates a feed for a project and shows its address once, to copy', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  mocked.create.mockResolvedValue({ ...FEED, id: 12, name: 'Asia', project: 4, url: URL_ONCE });
  wrap(<CalendarFeedsCard />);
  await screen.findByTestId('cal-feed-11');
  // without saved filters the choice is all or a project
  expect(scopeOptions()).toEqual(['all', 'project']);
  fireEvent.change(screen.getByTestId('cal-name'), { target: { value: 'Asia' } });
  fireEvent.change(screen.getByLabelText('Shipments'), { target: { value: 'project' } });
  await screen.findByRole('option', { name: 'Asia exports' });
  fireEvent.change(screen.getByLabelText('Project'), { target: { value: '4' } });
  fireEvent.click(screen.getByTestId('cal-create'));
  const created = await screen.findByTestId('cal-created');
  expect(mocked.create).toHaveBeenCalledWith({ name: 'Asia', scope: 'project', project: 4, lang: 'en' });
  expect(screen.getByTestId('cal-url')).toHaveValue(URL_ONCE);
  expect(created).toHaveTextContent('it is shown only once');
  fireEvent.click(screen.getByTestId('cal-copy'));
  await waitFor(() => expect(screen.getByTestId('cal-copy')).toHaveTextContent('Copied'));
  expect(writeText).toHaveBeenCalledWith(URL_ONCE);
  expect(mocked.feeds).toHaveBeenCalledTimes(2); // the list is asked for again
});

it('offers the saved filters when the user has some', async () => {
  mocked.savedFilters.mockResolvedValue([{ id: 21, name: 'Reefers to Valencia' } as SavedFilter]);
  mocked.create.mockResolvedValue({ ...FEED, scope: 'template', template: 21, url: URL_ONCE });
  wrap(<CalendarFeedsCard />);
  await waitFor(() => expect(scopeOptions()).toEqual(['all', 'project', 'template']));
  fireEvent.change(screen.getByLabelText('Shipments'), { target: { value: 'template' } });
  fireEvent.change(screen.getByLabelText('Saved filter'), { target: { value: '21' } });
  fireEvent.change(screen.getByLabelText('Language of the events'), { target: { value: 'es' } });
  fireEvent.change(screen.getByTestId('cal-name'), { target: { value: 'Reefers' } });
  fireEvent.click(screen.getByTestId('cal-create'));
  await screen.findByTestId('cal-created');
  expect(mocked.create).toHaveBeenCalledWith({
    name: 'Reefers',
    scope: 'template',
    template: 21,
    lang: 'es',
  });
});

it('shows the server’s messages under their fields', async () => {
  mocked.create.mockRejectedValue(
    new ApiError(400, { name: ['This field may not be blank.'], project: ['This field is required.'] }),
  );
  wrap(<CalendarFeedsCard />);
  await screen.findByTestId('cal-feed-11');
  fireEvent.change(screen.getByLabelText('Shipments'), { target: { value: 'project' } });
  fireEvent.click(screen.getByTestId('cal-create'));
  expect(await screen.findByText('This field may not be blank.')).toBeInTheDocument();
  expect(screen.getByText('This field is required.')).toBeInTheDocument();
  expect(screen.queryByTestId('cal-created')).toBeNull();
});

it('revokes after a confirmation and says so, in Spanish too', async () => {
  mocked.revoke.mockResolvedValue(null);
  await act(() => i18next.changeLanguage('es'));
  wrap(<CalendarFeedsCard />);
  expect(await screen.findByRole('heading', { name: 'Calendario' })).toBeInTheDocument();
  expect(await screen.findByTestId('cal-feed-11')).toHaveTextContent('Proyecto: Iberia imports · Inglés');
  fireEvent.click(screen.getByTestId('cal-revoke-11'));
  expect(screen.getByRole('dialog')).toHaveTextContent('«Iberia arrivals»');
  fireEvent.click(screen.getByTestId('cal-revoke-confirm'));
  await waitFor(() =>
    expect(useNotifications.getState().items.map((n) => n.title)).toEqual(['Calendario revocado']),
  );
  expect(mocked.revoke).toHaveBeenCalledWith(11);
});
