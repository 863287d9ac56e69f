// The detail's "Share tracking link" card: hidden from limited users; creates a link with the chosen expiry and
// shows its address once with Copy; lists the links with their status; revokes after a confirmation; in es and
// en.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { sessionStore, type User } from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { initI18n } from '@portal/shared-ui';
import '../../i18n';
import { shareLinksApi, type ShareLink } from '../shared-tracking/api';
import { ShareLinksCard } from './ShareLinksCard';

const userWithRole = (role: number) =>
  ({ id: 1, username: 'demo', userprofile: { id: 1, role } }) as unknown as User;

const LINK: ShareLink = {
  id: 4,
  shipment: 9,
  status: 'active',
  created_at: '2026-11-20T10:00:00Z',
  created_by: 'demo',
  expires_at: '2026-12-20T10:00:00Z',
  last_used_at: null,
  revoked_at: null,
};
const OLD: ShareLink = { ...LINK, id: 2, status: 'revoked', revoked_at: '2026-11-21T10:00:00Z' };
const TOKEN = 'a'.repeat(43);

let list: jest.SpiedFunction<typeof shareLinksApi.list>;
let create: jest.SpiedFunction<typeof shareLinksApi.create>;
let revoke: jest.SpiedFunction<typeof shareLinksApi.revoke>;

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  await act(() => i18next.changeLanguage('en'));
  sessionStore.getState().setUser(userWithRole(1));
  list = jest.spyOn(shareLinksApi, 'list').mockResolvedValue([LINK, OLD]);
  create = jest
    .spyOn(shareLinksApi, 'create')
    .mockResolvedValue({ ...LINK, id: 5, token: TOKEN, url: 'ignored' });
  revoke = jest.spyOn(shareLinksApi, 'revoke').mockResolvedValue(null);
});
afterEach(() => jest.restoreAllMocks());

const renderCard = () =>
  render(
    <QueryProvider client={createQueryClient()}>
      <ShareLinksCard shipmentId={9} />
    </QueryProvider>,
  );

describe('the share tracking link card', () => {
  it('is not shown to a limited user, and asks for nothing', () => {
    sessionStore.getState().setUser(userWithRole(2));
    renderCard();
    expect(screen.queryByTestId('share-links-card')).toBeNull();
    expect(list).not.toHaveBeenCalled();
  });

  it('lists the links with their status and who made them', async () => {
    renderCard();
    const rows = await screen.findAllByTestId('share-link-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('share-link-status')).toHaveTextContent('Active');
    expect(within(rows[0]).getByText('demo')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Never')).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('share-link-status')).toHaveTextContent('Revoked');
    // only an active link can be revoked
    expect(within(rows[1]).queryByTestId('share-revoke')).toBeNull();
    expect(list).toHaveBeenCalledWith(9, expect.any(AbortSignal));
  });

  it('creates a link with the chosen expiry and shows its address once, with Copy', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderCard();
    await screen.findAllByTestId('share-link-row');
    fireEvent.change(screen.getByLabelText('Expires in'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('share-create'));
    const url = await screen.findByTestId('share-url');
    expect(create).toHaveBeenCalledWith(9, 90);
    expect(url).toHaveValue(`${window.location.origin}/t/${TOKEN}`);
    fireEvent.click(screen.getByTestId('share-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/t/${TOKEN}`));
    // the list is read again after creating
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('revokes a link only after the confirmation', async () => {
    renderCard();
    const [row] = await screen.findAllByTestId('share-link-row');
    fireEvent.click(within(row).getByTestId('share-revoke'));
    expect(revoke).not.toHaveBeenCalled();
    fireEvent.click(within(row).getByTestId('share-revoke-confirm'));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(4));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('speaks Spanish', async () => {
    await act(() => i18next.changeLanguage('es'));
    renderCard();
    expect(await screen.findByText('Compartir enlace de seguimiento')).toBeInTheDocument();
    const [row] = await screen.findAllByTestId('share-link-row');
    expect(within(row).getByTestId('share-link-status')).toHaveTextContent('Activo');
    expect(screen.getByRole('option', { name: '30 días' })).toBeInTheDocument();
  });
});
