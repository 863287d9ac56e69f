import { decodeMapData } from './cluster';
import { createPreparation, type PreparationParts } from './preparation';

const DATA = decodeMapData({ count: 1, id: [1], lng: [0], lat: [0], health: [0], vessel: [-1], vessels: [] });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function parts(levels: number, chunks: number, finish: PreparationParts['finish'] = () => true) {
  let levelsLeft = levels;
  let chunksLeft = chunks;
  return {
    data: () => DATA,
    lastFrame: () => null,
    prepareLevel: jest.fn(() => levelsLeft-- > 0),
    prepareMarkers: jest.fn(() => chunksLeft-- > 0),
    finish: jest.fn(finish),
  };
}

describe('the preparation after the first draw', () => {
  it('does one slice per idle task: the levels, then the markers, then their last steps', () => {
    const p = parts(2, 1);
    const preparation = createPreparation(p);
    preparation.start();
    jest.advanceTimersByTime(16);
    expect(p.prepareLevel).toHaveBeenCalledTimes(1);
    expect(p.prepareMarkers).not.toHaveBeenCalled();
    jest.advanceTimersByTime(16 * 2);
    expect(p.prepareMarkers).toHaveBeenCalledTimes(1);
    expect(preparation.prepared()).toBe(false);
    jest.advanceTimersByTime(16);
    expect(p.finish).toHaveBeenCalledTimes(1);
    expect(preparation.prepared()).toBe(true);
  });

  it('goes on when the last steps ask again, and is not prepared until they say so', () => {
    let steps = 0;
    const p = parts(0, 0, (_frame, again) => {
      steps++;
      if (steps < 3) again();
      return steps >= 3;
    });
    const preparation = createPreparation(p);
    preparation.start();
    jest.advanceTimersByTime(16 * 2);
    expect(preparation.prepared()).toBe(false);
    jest.advanceTimersByTime(16);
    expect(p.finish).toHaveBeenCalledTimes(3);
    expect(preparation.prepared()).toBe(true);
  });

  it('stops with new data: nothing more is done and nothing is prepared', () => {
    const p = parts(5, 0);
    const preparation = createPreparation(p);
    preparation.start();
    jest.advanceTimersByTime(16);
    preparation.stop();
    jest.advanceTimersByTime(1000);
    expect(p.prepareLevel).toHaveBeenCalledTimes(1);
    expect(preparation.prepared()).toBe(false);
  });
});
