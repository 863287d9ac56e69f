// The detail page's own load through the page's query cache: an id that cannot exist and an unknown shipment
// say "not found" without a notice; any other failure says it in a notice too.
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { ApiError, shipmentsApi } from '@portal/shared-api';
import { initI18n, useNotifications } from '@portal/shared-ui';
import { renderPageAt } from '@portal/shared-ui/testing';
import '../i18n';
import { ShipmentDetailPage } from './ShipmentDetailPage';

let get: jest.SpiedFunction<typeof shipmentsApi.get>;

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
});
beforeEach(() => {
  get = jest.spyOn(shipmentsApi, 'get');
  useNotifications.getState().clear();
});
afterEach(() => jest.restoreAllMocks());

const renderAt = (url: string) => renderPageAt(url, '/shipments/:id', <ShipmentDetailPage />);

describe('the shipment detail page', () => {
  it('does not ask for an id that cannot exist', async () => {
    renderAt('/shipments/0');
    expect(await screen.findByTestId('detail-missing')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    expect(useNotifications.getState().items).toEqual([]);
  });

  it('says an unknown shipment is not found, without a notice', async () => {
    get.mockRejectedValue(new ApiError(404, { detail: 'Not found.' }));
    renderAt('/shipments/7');
    expect(await screen.findByTestId('detail-missing')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(7, expect.any(AbortSignal));
    expect(useNotifications.getState().items).toEqual([]);
  });

  it('tells another failure in a notice as well', async () => {
    get.mockRejectedValue(new ApiError(403, { detail: 'You do not have permission.' }));
    renderAt('/shipments/7');
    expect(await screen.findByTestId('detail-missing')).toBeInTheDocument();
    await waitFor(() =>
      expect(useNotifications.getState().items).toEqual([expect.objectContaining({ kind: 'error' })]),
    );
  });
});
