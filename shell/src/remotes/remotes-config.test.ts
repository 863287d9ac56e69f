import { defaultRemoteEntries, fetchRemotesConfig, mergeRemotesConfig } from './remotes-config';
import { startRemotesConfigRequest } from './remotes-request';

const location = { protocol: 'http:', hostname: 'portal.test', origin: 'http://portal.test:8080' };

function response(status: number, body: string): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: () => Promise.resolve(JSON.parse(body)),
  } as Response;
}

describe('remotes configuration', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('defaults to the contract ports on the page host name', () => {
    expect(defaultRemoteEntries(location)).toEqual([
      { name: 'mfe_public', entry: 'http://portal.test:3001/mf-manifest.json' },
      { name: 'mfe_shipments', entry: 'http://portal.test:3002/mf-manifest.json' },
      { name: 'mfe_tracking', entry: 'http://portal.test:3003/mf-manifest.json' },
      { name: 'mfe_map', entry: 'http://portal.test:3004/mf-manifest.json' },
      { name: 'mfe_bi', entry: 'http://portal.test:3005/mf-manifest.json' },
      { name: 'mfe_config', entry: 'http://portal.test:3006/mf-manifest.json' },
    ]);
  });

  it('fetches /remotes.json without the cache and uses its entries', async () => {
    const fetchImpl = jest
      .fn()
      .mockResolvedValue(
        response(
          200,
          JSON.stringify([{ name: 'mfe_map', entry: 'https://maps.example.com/mf-manifest.json' }]),
        ),
      );
    const list = await fetchRemotesConfig(fetchImpl, location);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    expect(list.find((r) => r.name === 'mfe_map')?.entry).toBe('https://maps.example.com/mf-manifest.json');
    // the ones it does not mention keep their defaults
    expect(list.find((r) => r.name === 'mfe_bi')?.entry).toBe('http://portal.test:3005/mf-manifest.json');
    expect(list).toHaveLength(6);
  });

  it.each([
    ['a 404', () => Promise.resolve(response(404, 'Not found'))],
    ['HTML (history fallback)', () => Promise.resolve(response(200, '<!doctype html>'))],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to the defaults on %s', async (_label, impl) => {
    const list = await fetchRemotesConfig(jest.fn(impl), location);
    expect(list).toEqual(defaultRemoteEntries(location));
  });

  it('takes the request the entry started (once) instead of asking again', async () => {
    const early = jest
      .fn()
      .mockResolvedValue(
        response(200, JSON.stringify([{ name: 'mfe_bi', entry: 'https://bi.example.com/mf-manifest.json' }])),
      );
    const saved = globalThis.fetch;
    globalThis.fetch = early;
    try {
      startRemotesConfigRequest();
    } finally {
      globalThis.fetch = saved;
    }
    expect(early).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    const later = jest.fn().mockResolvedValue(response(200, '[]'));
    const first = await fetchRemotesConfig(later, location);
    expect(later).not.toHaveBeenCalled();
    expect(first.find((r) => r.name === 'mfe_bi')?.entry).toBe('https://bi.example.com/mf-manifest.json');
    // taken once: a later registration (after a reset) asks again
    const second = await fetchRemotesConfig(later, location);
    expect(later).toHaveBeenCalledTimes(1);
    expect(second).toEqual(defaultRemoteEntries(location));
  });

  it('ignores unknown names and bad entries', () => {
    const defaults = defaultRemoteEntries(location);
    const list = mergeRemotesConfig(
      [
        { name: 'mfe_evil', entry: 'http://evil/mf-manifest.json' },
        { name: 'mfe_bi', entry: 'javascript:alert(1)' },
        { name: 'mfe_config', entry: '/config/mf-manifest.json' },
        null,
        'x',
      ],
      defaults,
      location.origin,
    );
    expect(list.map((r) => r.name)).not.toContain('mfe_evil');
    expect(list.find((r) => r.name === 'mfe_bi')?.entry).toBe('http://portal.test:3005/mf-manifest.json');
    expect(list.find((r) => r.name === 'mfe_config')?.entry).toBe(
      'http://portal.test:8080/config/mf-manifest.json',
    );
    expect(mergeRemotesConfig({ not: 'a list' }, defaults, location.origin)).toEqual(defaults);
  });
});
