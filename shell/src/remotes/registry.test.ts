import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { initRemotes, loadRemoteModule, remoteHealthPlugin, resetRemote } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const remotesJson = [
  { name: 'mfe_shipments', entry: 'http://cdn.test/shipments/mf-manifest.json' },
  { name: 'mfe_bi', entry: 'http://cdn.test/bi/mf-manifest.json' },
];
const fetchImpl = jest
  .fn()
  .mockResolvedValue({ ok: true, status: 200, json: () => Promise.resolve(remotesJson) });

describe('registry', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('registers the remotes of remotes.json once, with the health plugin', async () => {
    await initRemotes(fetchImpl);
    await initRemotes(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(registerPlugins).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    const registered = jest.mocked(registerRemotes).mock.calls[0][0];
    expect(registered).toEqual(
      expect.arrayContaining([
        { name: 'mfe_shipments', entry: 'http://cdn.test/shipments/mf-manifest.json' },
        { name: 'mfe_bi', entry: 'http://cdn.test/bi/mf-manifest.json' },
        { name: 'mfe_map', entry: expect.stringMatching(/:3004\/mf-manifest\.json$/) },
      ]),
    );
  });

  it('re-registers a failed remote with force on reset, so its manifest is fetched again', async () => {
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('RUNTIME-003 manifest'));
    await expect(loadRemoteModule('mfe_bi/BiPage')).rejects.toThrow('RUNTIME-003');
    jest.mocked(registerRemotes).mockClear();
    resetRemote('mfe_bi');
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mfe_bi', entry: 'http://cdn.test/bi/mf-manifest.json' }],
      {
        force: true,
      },
    );
    // a second reset without a new failure does nothing
    resetRemote('mfe_bi');
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('never re-registers a remote that has loaded (its container and shared modules are in use)', async () => {
    const page = { default: () => null };
    jest.mocked(loadRemote).mockResolvedValueOnce(page);
    await expect(loadRemoteModule('mfe_shipments/DashboardPage')).resolves.toBe(page);
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('chunk failed'));
    await expect(loadRemoteModule('mfe_shipments/ShipmentListPage')).rejects.toThrow('chunk failed');
    jest.mocked(registerRemotes).mockClear();
    resetRemote('mfe_shipments');
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('treats a null module as a failure', async () => {
    jest.mocked(loadRemote).mockResolvedValueOnce(null);
    await expect(loadRemoteModule('mfe_map/MapLocationsPage')).rejects.toThrow('could not be loaded');
  });

  it('the health plugin marks the remote failed and lets the error propagate', async () => {
    const plugin = remoteHealthPlugin();
    const result = await plugin.errorLoadRemote?.({
      id: 'http://cdn.test/bi/mf-manifest.json',
      error: new Error('down'),
      from: 'runtime',
      lifecycle: 'afterResolve',
      remote: { name: 'mfe_bi' },
    } as unknown as Parameters<NonNullable<typeof plugin.errorLoadRemote>>[0]);
    expect(result).toBeUndefined();
    jest.mocked(registerRemotes).mockClear();
    resetRemote('mfe_bi');
    expect(registerRemotes).toHaveBeenCalledWith([expect.objectContaining({ name: 'mfe_bi' })], {
      force: true,
    });
  });
});
