// The map's calls: the points in their compact form, the details of at most 200 containers per call, and the
// points asked for before the page rendered, which the page's first load takes once, for the same filters only
// and only while fresh (15 s), so a page opened later never shows an old answer.
import { api } from '@portal/shared-api';
import {
  mapApi,
  prefetchPoints,
  takePrefetchedPoints,
  takeReadyPrefetchedPoints,
  type CompactMapPoints,
} from './map-api';

// The calls go through the typed client, which sends them with the shared `api`: its GET is the seam.
let get: jest.SpiedFunction<typeof api.get>;

const ANSWER: CompactMapPoints = {
  count: 1,
  id: [11],
  lng: [4.1],
  lat: [51.9],
  health: [0],
  vessel: [-1],
  vessels: [],
};

let now = 1_000_000;
beforeEach(() => {
  get = jest.spyOn(api, 'get').mockImplementation(() => Promise.reject(new Error('no answer set')));
  now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  // a take, whatever its filters, leaves nothing prefetched from the previous test
  void takePrefetchedPoints({});
});
afterEach(() => jest.restoreAllMocks());

describe('the calls', () => {
  it('asks for the points in the compact form, with the filters', async () => {
    get.mockResolvedValue(ANSWER);
    const signal = new AbortController().signal;
    await expect(mapApi.points({ health: 'delayed' }, signal)).resolves.toBe(ANSWER);
    expect(get).toHaveBeenCalledWith('shipments/coordinates', {
      query: { health: 'delayed', format: 'compact' },
      signal,
    });
  });

  it('asks for the details of at most 200 containers, as one comma-separated list', async () => {
    get.mockResolvedValue([]);
    await mapApi.details([3, 1, 2]);
    expect(get).toHaveBeenLastCalledWith('shipments/coordinates/details', {
      query: { id: '3,1,2' },
      signal: undefined,
    });
    const many = Array.from({ length: 250 }, (_, i) => i + 1);
    await mapApi.details(many);
    const sent = (get.mock.calls.at(-1)![1] as { query: { id: string } }).query.id.split(',');
    expect(sent).toHaveLength(200);
    expect(sent.at(-1)).toBe('200');
  });
});

describe('points asked for before the page rendered', () => {
  // a few turns of the microtask queue: the prefetch's own then() has run
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('are taken once, by a load with the same filters', async () => {
    get.mockResolvedValue(ANSWER);
    prefetchPoints({ health: 'alerted' });
    expect(get).toHaveBeenCalledTimes(1);
    const answer = takePrefetchedPoints({ health: 'alerted' });
    await expect(answer).resolves.toBe(ANSWER);
    expect(takePrefetchedPoints({ health: 'alerted' })).toBeNull();
  });

  it('are not used for other filters, and are dropped by that attempt', () => {
    get.mockResolvedValue(ANSWER);
    prefetchPoints({ health: 'alerted' });
    expect(takePrefetchedPoints({ health: 'delayed' })).toBeNull();
    expect(takePrefetchedPoints({ health: 'alerted' })).toBeNull();
  });

  it('are not used once older than 15 seconds', () => {
    get.mockResolvedValue(ANSWER);
    prefetchPoints({});
    now += 15_001;
    expect(takePrefetchedPoints({})).toBeNull();
    prefetchPoints({});
    now += 15_000;
    expect(takePrefetchedPoints({})).not.toBeNull();
  });

  it('are handed over ready only once the answer has come, and then only once', async () => {
    let answer: (value: CompactMapPoints) => void = () => undefined;
    get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    prefetchPoints({ search: 'MSCU' });
    expect(takeReadyPrefetchedPoints({ search: 'MSCU' })).toBeNull();
    answer(ANSWER);
    await flush();
    expect(takeReadyPrefetchedPoints({ search: 'other' })).toBeNull();
    expect(takeReadyPrefetchedPoints({ search: 'MSCU' })).toBe(ANSWER);
    expect(takeReadyPrefetchedPoints({ search: 'MSCU' })).toBeNull();
    expect(takePrefetchedPoints({ search: 'MSCU' })).toBeNull();
  });

  it('a failed prefetch is never ready, and its failure reaches the load that takes it', async () => {
    get.mockRejectedValue(new Error('offline'));
    prefetchPoints({});
    await flush();
    expect(takeReadyPrefetchedPoints({})).toBeNull();
    await expect(takePrefetchedPoints({})).rejects.toThrow('offline');
  });
});
