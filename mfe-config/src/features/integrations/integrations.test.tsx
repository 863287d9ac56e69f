// The integrations page as a manager uses it (the calls answered by a mock of its API module): every action
// says what it did (revoke says "Key revoked", not "Saved"; Send test event and Send again have their notice),
// timestamps are YYYY-MM-DD HH:mm, the rate limit and the expiry can be set and changed, a suspended key can be
// taken over, a webhook secret is shown once (after registering, after a rotation) and never read back, and a
// failed delivery shows its generic reason in the user's language.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { formatTimestamp, initI18n, useNotifications } from '@portal/shared-ui';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import '../../i18n';
import { ApiKeysCard } from './ApiKeysCard';
import { WebhooksCard } from './WebhooksCard';
import { integrationsApi, type ApiKey, type WebhookDelivery, type WebhookEndpoint } from './api';

jest.mock('./api', () => ({
  integrationsApi: {
    keys: jest.fn(),
    createKey: jest.fn(),
    revokeKey: jest.fn(),
    updateKey: jest.fn(),
    takeOverKey: jest.fn(),
    endpoints: jest.fn(),
    createEndpoint: jest.fn(),
    updateEndpoint: jest.fn(),
    removeEndpoint: jest.fn(),
    rotateSecret: jest.fn(),
    sendTest: jest.fn(),
    deliveries: jest.fn(),
    redeliver: jest.fn(),
  },
}));
const mocked = integrationsApi as jest.Mocked<typeof integrationsApi>;

const KEY: ApiKey = {
  id: 5,
  name: 'SAP',
  scope: 'read',
  prefix: 'ctp_abcdefgh',
  rate_limit_per_minute: 600,
  created_at: '2026-11-20T09:05:00.000Z',
  created_by: 'ana',
  owner: 'ana',
  owner_id: 99,
  owner_since: '2026-11-20T09:05:00.000Z',
  expires_at: '2027-01-31T03:00:00.000Z',
  status: 'suspended',
  last_used_at: '2026-11-21T10:07:30.000Z',
  revoked_at: null,
};
const ENDPOINT: WebhookEndpoint = {
  id: 8,
  url: 'https://erp.example.com/hook',
  description: '',
  events: ['alert.raised'],
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  failing_since: null,
  created_at: '2026-11-20T09:05:00.000Z',
  modified_at: '2026-11-20T09:05:00.000Z',
  created_by: 'ana',
  secret_rotated_at: null,
  previous_secret_expires_at: null,
};
const DELIVERY: WebhookDelivery = {
  id: '77',
  event_id: '7d0f3c1e-8f7a-4f57-9a53-3c1b1b7c9d10',
  event_type: 'alert.raised',
  shipment_id: null,
  tracking_request_id: null,
  status: 'failed',
  attempts: 3,
  last_status_code: null,
  last_latency_ms: 12,
  last_error: 'Could not connect to the receiver.',
  last_attempt_at: '2026-11-22T14:03:09.000Z',
  next_attempt_at: null,
  delivered_at: null,
  manual: false,
  created_at: '2026-11-22T14:00:00.000Z',
};

const wrap = (node: ReactNode) => render(<QueryProvider client={createQueryClient()}>{node}</QueryProvider>);
const notices = () => useNotifications.getState().items.map((n) => n.title);

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  jest.clearAllMocks();
  useNotifications.getState().clear();
  await act(() => i18next.changeLanguage('en'));
  mocked.keys.mockResolvedValue([KEY]);
  mocked.endpoints.mockResolvedValue([ENDPOINT]);
  mocked.deliveries.mockResolvedValue({ count: 1, next: null, previous: null, results: [DELIVERY] });
});

describe('API keys', () => {
  it('shows timestamps as YYYY-MM-DD HH:mm, the owner, the limit and the expiry', async () => {
    wrap(<ApiKeysCard />);
    const row = await screen.findByTestId('int-key-row-5');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(
      expect.arrayContaining([
        'ana',
        formatTimestamp(KEY.created_at),
        formatTimestamp(KEY.last_used_at),
        '600/min',
        formatTimestamp(KEY.expires_at),
        'Suspended: its owner is no longer a manager',
      ]),
    );
    for (const text of cells.filter((c) => /\d{4}-\d{2}-\d{2}/.test(c ?? '')))
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('revoking says the key was revoked, not "saved"', async () => {
    mocked.revokeKey.mockResolvedValue(null);
    wrap(<ApiKeysCard />);
    fireEvent.click(await screen.findByTestId('int-key-revoke-5'));
    fireEvent.click(screen.getByTestId('int-key-revoke-confirm'));
    await waitFor(() => expect(notices()).toEqual(['Key revoked']));
    expect(mocked.revokeKey).toHaveBeenCalledWith(5);
    await act(() => i18next.changeLanguage('es'));
    fireEvent.click(screen.getByTestId('int-key-revoke-5'));
    fireEvent.click(screen.getByTestId('int-key-revoke-confirm'));
    await waitFor(() => expect(notices()).toContain('Clave revocada'));
  });

  it('creates a key with its rate limit and expiry; a suspended key can be taken over', async () => {
    mocked.createKey.mockResolvedValue({ ...KEY, id: 6, status: 'active', key: 'ctp_secret' });
    mocked.takeOverKey.mockResolvedValue({ ...KEY, status: 'active' });
    wrap(<ApiKeysCard />);
    await screen.findByTestId('int-key-row-5');
    fireEvent.change(screen.getByTestId('int-key-name'), { target: { value: 'ERP' } });
    fireEvent.change(screen.getByTestId('int-key-limit'), { target: { value: '120' } });
    fireEvent.change(screen.getByTestId('int-key-expires'), { target: { value: '2027-03-01' } });
    fireEvent.click(screen.getByTestId('int-key-create'));
    await screen.findByTestId('int-key-value');
    expect(mocked.createKey).toHaveBeenCalledWith({
      name: 'ERP',
      scope: 'read',
      rate_limit_per_minute: 120,
      expires_at: new Date('2027-03-01T00:00:00').toISOString(),
    });
    fireEvent.click(screen.getByTestId('int-key-take-over-5'));
    fireEvent.click(screen.getByTestId('int-key-take-over-confirm'));
    await waitFor(() => expect(mocked.takeOverKey).toHaveBeenCalledWith(5));
    await waitFor(() => expect(notices()).toContain('You now own this key'));
  });

  it('changes the rate limit of an existing key; out-of-range limits are refused before sending', async () => {
    mocked.updateKey.mockResolvedValue({ ...KEY, rate_limit_per_minute: 30 });
    wrap(<ApiKeysCard />);
    fireEvent.click(await screen.findByTestId('int-key-edit-5'));
    const limit = screen.getByTestId('int-key-edit-limit');
    expect(limit).toHaveValue('600');
    fireEvent.change(limit, { target: { value: '7000' } });
    expect(screen.getByTestId('int-key-edit-save')).toBeDisabled();
    fireEvent.change(limit, { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('int-key-edit-save'));
    await waitFor(() => expect(mocked.updateKey).toHaveBeenCalledWith(5, { rate_limit_per_minute: 30 }));
  });
});

describe('webhooks', () => {
  it('Send test event and Send again each show a notice; a failed delivery shows its reason', async () => {
    mocked.sendTest.mockResolvedValue({ event_id: 'e', delivery_id: '78' });
    mocked.redeliver.mockResolvedValue({ ...DELIVERY, id: '79', manual: true, status: 'pending' });
    wrap(<WebhooksCard />);
    fireEvent.click(await screen.findByTestId('int-hook-8-test'));
    await waitFor(() => expect(notices()).toEqual(['Test event queued']));
    const redeliver = await screen.findByTestId('int-delivery-redeliver-77');
    fireEvent.click(redeliver);
    await waitFor(() => expect(notices()).toContain('Queued to send again'));
    expect(screen.getByTestId('int-delivery-reason')).toHaveTextContent('Could not connect to the receiver.');
    const row = screen.getByTestId('int-delivery');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(
      new RegExp(`^${formatTimestamp(DELIVERY.last_attempt_at)}$`),
    );
    await act(() => i18next.changeLanguage('es'));
    expect(screen.getByTestId('int-delivery-reason')).toHaveTextContent(
      'No se pudo conectar con el receptor.',
    );
  });

  it('shows the secret once: after registering and after a rotation, never by reading the endpoint', async () => {
    mocked.createEndpoint.mockResolvedValue({
      ...ENDPOINT,
      id: 9,
      url: 'https://b.example.com/h',
      secret: 'whsec_first',
    });
    mocked.rotateSecret.mockResolvedValue({
      secret: 'whsec_second',
      previous_secret_expires_at: '2026-11-28T10:00:00.000Z',
    });
    wrap(<WebhooksCard />);
    await screen.findByTestId('int-hook-8');
    expect(screen.queryByTestId('int-hook-8-secret')).toBeNull();
    expect(screen.queryByText('Show secret')).toBeNull();
    fireEvent.change(screen.getByTestId('int-hook-url'), { target: { value: 'https://b.example.com/h' } });
    fireEvent.click(screen.getByTestId('int-hook-create'));
    expect(await screen.findByTestId('int-hook-9-secret')).toHaveTextContent('whsec_first');
    fireEvent.click(screen.getByTestId('int-hook-9-secret-done'));
    expect(screen.queryByTestId('int-hook-9-secret')).toBeNull();
    fireEvent.click(screen.getByTestId('int-hook-8-rotate'));
    fireEvent.click(screen.getByTestId('int-hook-8-rotate-confirm'));
    expect(await screen.findByTestId('int-hook-8-secret')).toHaveTextContent('whsec_second');
    expect(mocked.rotateSecret).toHaveBeenCalledWith(8);
    expect(screen.getByTestId('int-hook-8-grace')).toHaveTextContent(
      formatTimestamp('2026-11-28T10:00:00.000Z'),
    );
    await waitFor(() => expect(notices()).toContain('New secret created'));
  });
});
