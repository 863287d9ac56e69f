// The answer cache's settings come from the validated configuration (src/config.ts): SHIPMENTS_CACHE and
// SHIPMENTS_CACHE_MB keep their meaning, the default size follows the memory, and a bad value stops the process at start like any other.
import { defaultCacheMb, loadConfig } from '../../../src/config';
import { configProblems as problems } from '../../helpers/config-problems';
import { cacheEnabled, configureListCache } from '../../../src/services/shipments/list-cache';

const MB = 1024 * 1024;

describe('shipments answer cache settings', () => {
  afterEach(() => configureListCache('reset'));

  it('is on by default, with a quarter of the memory shared by the API processes, 16 to 512 MB', () => {
    expect(loadConfig({}).shipmentsCache).toEqual({ enabled: true, maxBytes: defaultCacheMb({}) * MB });
    expect(defaultCacheMb({}, 768 * MB)).toBe(192);
    expect(defaultCacheMb({ PORTAL_API_PROCESSES: '2' }, 768 * MB)).toBe(96);
    expect(defaultCacheMb({}, 24 * 1024 * MB)).toBe(512);
    expect(defaultCacheMb({ PORTAL_API_PROCESSES: '16' }, 24 * 1024 * MB)).toBe(384);
    expect(defaultCacheMb({}, 32 * MB)).toBe(16);
    expect(loadConfig({ PORTAL_API_PROCESSES: '2' }).shipmentsCache.maxBytes).toBe(
      defaultCacheMb({ PORTAL_API_PROCESSES: '2' }) * MB,
    );
  });

  it('reads SHIPMENTS_CACHE=0 as off, 1 as on, and SHIPMENTS_CACHE_MB in megabytes', () => {
    expect(loadConfig({ SHIPMENTS_CACHE: '0' }).shipmentsCache.enabled).toBe(false);
    expect(loadConfig({ SHIPMENTS_CACHE: '1' }).shipmentsCache.enabled).toBe(true);
    expect(loadConfig({ SHIPMENTS_CACHE: ' ' }).shipmentsCache.enabled).toBe(true);
    expect(loadConfig({ SHIPMENTS_CACHE_MB: '8' }).shipmentsCache.maxBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ SHIPMENTS_CACHE_MB: '0.5' }).shipmentsCache.maxBytes).toBe(512 * 1024);
  });

  it('refuses bad values, naming each', () => {
    expect(problems({ SHIPMENTS_CACHE: 'off', SHIPMENTS_CACHE_MB: '64MB' })).toEqual([
      'SHIPMENTS_CACHE="off": expected 0 (off) or 1 (on)',
      'SHIPMENTS_CACHE_MB="64MB": expected megabytes',
    ]);
    expect(problems({ SHIPMENTS_CACHE_MB: '-1' })).toEqual(['SHIPMENTS_CACHE_MB="-1": expected megabytes']);
    expect(problems({ PORTAL_API_PROCESSES: '17' })).toEqual([
      'PORTAL_API_PROCESSES="17": expected a whole number from 1 to 16',
    ]);
  });

  it('follows the environment by default and configureListCache when set', () => {
    expect(cacheEnabled()).toBe(loadConfig().shipmentsCache.enabled);
    configureListCache({ enabled: false });
    expect(cacheEnabled()).toBe(false);
    configureListCache({ enabled: true });
    expect(cacheEnabled()).toBe(true);
  });
});
