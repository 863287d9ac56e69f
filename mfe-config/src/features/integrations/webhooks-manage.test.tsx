// Registering and managing a webhook as a manager does it (the calls answered by a mock of the integrations API
// module): every event is chosen to start with and at least one is needed, a refused URL shows the server's
// message under the field in the user's language, a webhook can be disabled and enabled again (its badge says
// which, and why when it was disabled for failing), a delete asks first, and the delivery log shows each
// attempt's outcome, pages through older ones and sends an event again.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { ApiError } from '@portal/shared-api';
import { WEBHOOK_EVENT_TYPES } from '@portal/shared-api/domain';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { formatTimestamp, initI18n, useNotifications } from '@portal/shared-ui';
import '../../i18n';
import { WebhooksCard } from './WebhooksCard';
import { integrationsApi, type WebhookDelivery, type WebhookEndpoint } from './api';

jest.mock('./api', () => ({
  integrationsApi: {
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

const ENDPOINT: WebhookEndpoint = {
  id: 8,
  url: 'https://erp.example.com/hook',
  description: 'ERP production',
  events: ['alert.raised', 'shipment.created'],
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  failing_since: '2026-11-21T08:00:00.000Z',
  created_at: '2026-11-20T09:05:00.000Z',
  modified_at: '2026-11-20T09:05:00.000Z',
  created_by: 'ana',
  secret_rotated_at: null,
  previous_secret_expires_at: null,
};
const delivery = (id: string, over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id,
  event_id: `event-${id}`,
  event_type: 'alert.raised',
  shipment_id: null,
  tracking_request_id: null,
  status: 'succeeded',
  attempts: 1,
  last_status_code: 200,
  last_latency_ms: 42,
  last_error: null,
  last_attempt_at: '2026-11-22T14:03:09.000Z',
  next_attempt_at: null,
  delivered_at: '2026-11-22T14:03:09.000Z',
  manual: false,
  created_at: '2026-11-22T14:00:00.000Z',
  ...over,
});

const titles = () => useNotifications.getState().items.map((n) => n.title);
const renderCard = () =>
  render(
    <QueryProvider client={createQueryClient()}>
      <WebhooksCard />
    </QueryProvider>,
  );
const hook = () => screen.getByTestId('int-hook-8');
const badge = () => hook().querySelector('.int-hook__head .int-badge');

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(async () => {
  jest.clearAllMocks();
  useNotifications.getState().clear();
  await act(() => i18next.changeLanguage('en'));
  mocked.endpoints.mockResolvedValue([ENDPOINT]);
});

describe('registering a webhook', () => {
  it('starts with every event chosen, needs one, and sends the trimmed URL with the chosen events', async () => {
    mocked.createEndpoint.mockResolvedValue({
      ...ENDPOINT,
      id: 9,
      url: 'https://b.example.com/h',
      secret: 's',
    });
    renderCard();
    await screen.findByTestId('int-hook-8');
    for (const type of WEBHOOK_EVENT_TYPES)
      expect(screen.getByTestId(`int-hook-event-${type}`)).toBeChecked();
    for (const type of WEBHOOK_EVENT_TYPES) fireEvent.click(screen.getByTestId(`int-hook-event-${type}`));
    expect(screen.getByTestId('int-hook-create')).toBeDisabled();
    fireEvent.click(screen.getByTestId('int-hook-event-alert.raised'));
    fireEvent.click(screen.getByTestId('int-hook-event-shipment.eta_changed'));
    fireEvent.change(screen.getByTestId('int-hook-url'), { target: { value: '  https://b.example.com/h ' } });
    fireEvent.change(screen.getByTestId('int-hook-description'), { target: { value: ' Test system ' } });
    fireEvent.click(screen.getByTestId('int-hook-create'));
    await screen.findByTestId('int-hook-9');
    expect(mocked.createEndpoint).toHaveBeenCalledWith({
      url: 'https://b.example.com/h',
      events: ['alert.raised', 'shipment.eta_changed'],
      description: 'Test system',
    });
    expect(screen.getByTestId('int-hook-url')).toHaveValue('');
  });

  it("shows a refused URL's message under the field, in the user language, without a notice", async () => {
    mocked.createEndpoint.mockRejectedValue(new ApiError(400, { url: ['Enter a valid URL.'] }));
    renderCard();
    await screen.findByTestId('int-hook-8');
    await act(() => i18next.changeLanguage('es'));
    fireEvent.change(screen.getByTestId('int-hook-url'), { target: { value: 'https://' } });
    fireEvent.click(screen.getByTestId('int-hook-create'));
    expect(await screen.findByText('Introduzca una URL válida.')).toBeInTheDocument();
    expect(screen.getByTestId('int-hook-url')).toHaveValue('https://');
    expect(titles()).toEqual([]);
  });

  // Known bug (reported, not fixed here): format.ts textOf reads the message map through i18next, whose ':'
  // namespace separator cuts every message with a colon, so this shows "//.". Remove `.failing` once fixed.
  it.failing('shows a message with a colon in it whole', async () => {
    mocked.createEndpoint.mockRejectedValue(
      new ApiError(400, { url: ['The URL must start with https://.'] }),
    );
    renderCard();
    await screen.findByTestId('int-hook-8');
    fireEvent.change(screen.getByTestId('int-hook-url'), { target: { value: 'http://b.example.com' } });
    fireEvent.click(screen.getByTestId('int-hook-create'));
    await waitFor(() => expect(screen.getByTestId('int-hook-url')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('The URL must start with https://.')).toBeInTheDocument();
  });

  it('names every event it offers, in both languages, never by its raw type', async () => {
    renderCard();
    await screen.findByTestId('int-hook-8');
    const label = (type: string) => screen.getByTestId(`int-hook-event-${type}`).closest('label')!;
    for (const type of WEBHOOK_EVENT_TYPES) expect(label(type)).not.toHaveTextContent(type);
    expect(label('alert.raised')).toHaveTextContent('Alert raised');
    await act(() => i18next.changeLanguage('es'));
    for (const type of WEBHOOK_EVENT_TYPES) expect(label(type)).not.toHaveTextContent(type);
    expect(label('alert.raised')).toHaveTextContent('Alerta generada');
  });
});

describe('a registered webhook', () => {
  it('shows its URL, description, events and since when it fails', async () => {
    renderCard();
    await screen.findByTestId('int-hook-8');
    expect(hook()).toHaveTextContent('https://erp.example.com/hook');
    expect(hook()).toHaveTextContent('ERP production');
    expect(badge()).toHaveTextContent('Enabled');
    expect(hook()).toHaveTextContent(`Failing since ${formatTimestamp(ENDPOINT.failing_since!)}`);
    const events = within(hook()).getByRole('list', { name: 'Events' });
    expect(events).toHaveTextContent('Alert raised');
    expect(events).toHaveTextContent('Shipment created');
  });

  it('can be disabled and enabled again, each saved with its notice', async () => {
    mocked.updateEndpoint
      .mockResolvedValueOnce({ ...ENDPOINT, enabled: false, disabled_reason: 'manual', failing_since: null })
      .mockResolvedValueOnce({ ...ENDPOINT, enabled: true, failing_since: null });
    renderCard();
    await screen.findByTestId('int-hook-8');
    fireEvent.click(within(hook()).getByText('Disable'));
    await waitFor(() => expect(badge()).toHaveTextContent('Disabled'));
    expect(mocked.updateEndpoint).toHaveBeenCalledWith(8, { enabled: false });
    fireEvent.click(within(hook()).getByText('Enable'));
    await waitFor(() => expect(badge()).toHaveTextContent('Enabled'));
    expect(mocked.updateEndpoint).toHaveBeenLastCalledWith(8, { enabled: true });
    expect(titles()).toEqual(['Sucessfully saved', 'Sucessfully saved']);
  });

  it('says why it was disabled when it failed for days', async () => {
    mocked.endpoints.mockResolvedValue([{ ...ENDPOINT, enabled: false, disabled_reason: 'failing' }]);
    renderCard();
    await screen.findByTestId('int-hook-8');
    expect(badge()).toHaveTextContent('Disabled: it failed for days. The managers were told by e-mail.');
    expect(hook()).not.toHaveTextContent('Failing since');
  });

  it('asks before a delete, and Cancel keeps it', async () => {
    mocked.removeEndpoint.mockResolvedValue(null);
    renderCard();
    await screen.findByTestId('int-hook-8');
    fireEvent.click(within(hook()).getByText('Delete'));
    expect(screen.getByText('Delete this webhook?')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getByText('Cancel'));
    expect(mocked.removeEndpoint).not.toHaveBeenCalled();
    fireEvent.click(within(hook()).getByText('Delete'));
    fireEvent.click(within(screen.getByRole('dialog')).getByText('Delete'));
    await waitFor(() => expect(screen.queryByTestId('int-hook-8')).toBeNull());
    expect(mocked.removeEndpoint).toHaveBeenCalledWith(8);
    expect(titles()).toEqual(['Sucessfully deleted']);
    expect(screen.getByText('No webhooks yet.')).toBeInTheDocument();
  });
});

describe('the delivery log', () => {
  it("shows each attempt's outcome, pages to older ones and sends a delivered event again", async () => {
    mocked.deliveries.mockImplementation((_id, page) =>
      Promise.resolve({
        count: 45,
        next: null,
        previous: null,
        results:
          page === 1
            ? [
                delivery('1', {}),
                delivery('2', {
                  status: 'pending',
                  attempts: 2,
                  last_status_code: 503,
                  last_error: 'HTTP 503',
                  next_attempt_at: '2026-11-22T14:05:00.000Z',
                }),
                delivery('3', {
                  status: 'failed',
                  attempts: 3,
                  last_status_code: null,
                  last_latency_ms: null,
                  manual: true,
                }),
              ]
            : [delivery('31', { event_type: 'shipment.created' })],
      }),
    );
    mocked.redeliver.mockResolvedValue(delivery('4', { manual: true, status: 'pending' }));
    renderCard();
    fireEvent.click(await screen.findByTestId('int-hook-8-log-toggle'));
    const rows = await screen.findAllByTestId('int-delivery');
    expect(mocked.deliveries).toHaveBeenCalledWith(8, 1);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(rows[0]).slice(2, 6)).toEqual(['Delivered', '1', '200', '42 ms']);
    // an HTTP status is the response; it is not repeated as a reason
    expect(cells(rows[1]).slice(2, 5)).toEqual(['Pending', '2', '503']);
    expect(cells(rows[1])[6]).toBe(formatTimestamp('2026-11-22T14:05:00.000Z'));
    expect(within(rows[1]).queryByTestId('int-delivery-reason')).toBeNull();
    expect(screen.queryByTestId('int-delivery-redeliver-2')).toBeNull();
    expect(cells(rows[2]).slice(1, 5)).toEqual([
      'Alert raised (resent)event-3',
      'Failed (given up)',
      '3',
      'No answer',
    ]);

    fireEvent.click(screen.getByTestId('int-delivery-redeliver-1'));
    await waitFor(() => expect(titles()).toEqual(['Queued to send again']));
    expect(mocked.redeliver).toHaveBeenCalledWith(8, '1');

    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Next'));
    await waitFor(() => expect(screen.getAllByTestId('int-delivery')).toHaveLength(1));
    expect(mocked.deliveries).toHaveBeenLastCalledWith(8, 2);
    expect(screen.getByTestId('int-delivery')).toHaveTextContent('Shipment created');
  });
});
