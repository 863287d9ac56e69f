import { preloadRoutePage } from './preload-route';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadRoutePage', () => {
  it('loads the remote module of the route being opened', () => {
    const load = jest.fn(() => Promise.resolve({}));
    preloadRoutePage({ load }, '/map-locations');
    expect(load).toHaveBeenCalledWith('mfe_map/MapLocationsPage');
    preloadRoutePage({ load }, '/shipments/12');
    expect(load).toHaveBeenLastCalledWith('mfe_shipments/ShipmentDetailPage');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each(['/login', '/vforwarding', '/no-such-page'])(
    'loads nothing for %s (a page of the shell)',
    (path) => {
      const load = jest.fn(() => Promise.resolve({}));
      preloadRoutePage({ load }, path);
      expect(load).not.toHaveBeenCalled();
    },
  );

  it('resets the remote after a failed preload, so the page loads it afresh', async () => {
    const reset = jest.fn(() => Promise.reject(new Error('registry down')));
    preloadRoutePage({ load: () => Promise.reject(new Error('down')), reset }, '/bi');
    await flush();
    // a failing reset is swallowed too (no unhandled rejection)
    expect(reset).toHaveBeenCalledWith('mfe_bi');
  });
});
