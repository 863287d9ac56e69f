// The detail page's own load through the page's query cache: an id that cannot exist and an unknown request
// say "not found" without a notice; any other failure says it in a notice too.
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { ApiError, trackingRequestsApi, type TrackingRequestRecord } from '@portal/shared-api';
import { initI18n, useNotifications } from '@portal/shared-ui';
import { renderPageAt } from '@portal/shared-ui/testing';
import '../i18n';
import { TrackingRequestDetailPage } from './TrackingRequestDetailPage';

const NOT_FOUND = 'This tracking request does not exist or belongs to another company.';

let get: jest.SpiedFunction<typeof trackingRequestsApi.get>;

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
});
beforeEach(() => {
  get = jest.spyOn(trackingRequestsApi, 'get');
  jest
    .spyOn(trackingRequestsApi, 'shipments')
    .mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
  useNotifications.getState().clear();
});
afterEach(() => jest.restoreAllMocks());

const renderAt = (url: string) => renderPageAt(url, '/tracking-requests/:id', <TrackingRequestDetailPage />);

describe('the tracking request detail page', () => {
  it('does not ask for an id that cannot exist', async () => {
    renderAt('/tracking-requests/abc');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    expect(useNotifications.getState().items).toEqual([]);
  });

  it('says an unknown request is not found, without a notice', async () => {
    get.mockRejectedValue(new ApiError(404, { detail: 'Not found.' }));
    renderAt('/tracking-requests/7');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(7, expect.any(AbortSignal));
    expect(useNotifications.getState().items).toEqual([]);
  });

  it('tells another failure in a notice as well', async () => {
    get.mockRejectedValue(new ApiError(403, { detail: 'You do not have permission.' }));
    renderAt('/tracking-requests/7');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    await waitFor(() =>
      expect(useNotifications.getState().items).toEqual([expect.objectContaining({ kind: 'error' })]),
    );
  });

  it('shows the request once it has arrived', async () => {
    get.mockResolvedValue({
      id: 7,
      code_type: 'container',
      code_value: 'MSKU1234565',
      carrier: 'Maersk',
      status: 'ongoing',
      client_code: null,
      project: null,
      project_id: null,
      shipments_count: 0,
      shipments_health: {},
      warnings: [],
      container_filter: [],
      cancellable: false,
      archivable: false,
    } as unknown as TrackingRequestRecord);
    renderAt('/tracking-requests/7');
    expect(await screen.findAllByText('MSKU1234565')).not.toHaveLength(0);
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument();
  });
});
