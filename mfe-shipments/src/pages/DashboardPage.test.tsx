// The dashboard's counts come from the page's query cache: shown in the tabs, and asked for again when the
// settings that decide them have been saved.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import {
  sessionStore,
  shipmentsApi,
  userProfilesApi,
  type DashboardStats,
  type User,
} from '@portal/shared-api';
import { createQueryClient, QueryProvider, queryKeys } from '@portal/shared-api/queries';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import '../i18n';
import { DashboardPage } from './DashboardPage';

const user = {
  id: 1,
  username: 'demo',
  userprofile: { id: 1, role: 1, days_of_delay: 3, days_in_advance: -2, attention_required_event_codes: [] },
} as unknown as User;

const counts = (n: number) =>
  ({
    shipments_last_week_count: n,
    shipments_on_track_count: n + 1,
    shipments_warning_count: n + 2,
    shipments_with_incidents_count: n + 3,
  }) as unknown as DashboardStats;

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
});
beforeEach(() => {
  sessionStore.getState().setUser(user);
  jest.spyOn(shipmentsApi, 'list').mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
});
afterEach(() => jest.restoreAllMocks());

function renderDashboard() {
  const client = createQueryClient();
  // the event codes of the settings popover are not what this test is about
  client.setQueryData(queryKeys.reference.eventCodes, []);
  render(
    <QueryProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardPage />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const shownCounts = () => screen.queryAllByTestId('tab-count').map((c) => c.textContent);

describe('the dashboard counts', () => {
  it('shows the counts in the tabs and asks again after the settings were saved', async () => {
    const stats = jest
      .spyOn(shipmentsApi, 'stats')
      .mockResolvedValueOnce(counts(10))
      .mockResolvedValueOnce(counts(20));
    jest.spyOn(userProfilesApi, 'update').mockResolvedValue({ ...user.userprofile, days_of_delay: 4 });
    renderDashboard();
    await waitFor(() => expect(shownCounts()).toEqual(['10', '11', '12', '13']));

    fireEvent.click(screen.getByRole('tab', { name: /Later than expected/ }));
    fireEvent.click(screen.getByTestId('dashboard-settings-delayed'));
    fireEvent.click(screen.getByTestId('dashboard-settings-save'));

    await waitFor(() => expect(shownCounts()).toEqual(['20', '21', '22', '23']));
    expect(stats).toHaveBeenCalledTimes(2);
  });
});
