import type OlMap from 'ol/Map';
import BaseEvent from 'ol/events/Event';
import Observable from 'ol/Observable';
import { watchDraws } from './draw-events';

function frame(map: Observable, frameState: unknown) {
  const event = new BaseEvent('postrender') as BaseEvent & { frameState: unknown };
  event.frameState = frameState;
  map.dispatchEvent(event);
}

describe('the where map frames', () => {
  it('keeps the last frame, and tells the first frame that drew new data once', () => {
    const map = new Observable();
    const afterDrawn = jest.fn();
    const draws = watchDraws(map as unknown as OlMap, afterDrawn);
    const drawn = jest.fn();
    draws.onDrawn(drawn);
    expect(draws.lastFrame()).toBeNull();
    frame(map, { n: 1 });
    expect(draws.lastFrame()).toEqual({ n: 1 });
    expect(drawn).not.toHaveBeenCalled();
    draws.expectDraw();
    frame(map, null);
    expect(drawn).not.toHaveBeenCalled();
    frame(map, { n: 2 });
    frame(map, { n: 3 });
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(afterDrawn).toHaveBeenCalledTimes(1);
    expect(draws.lastFrame()).toEqual({ n: 3 });
  });

  it('tells when the view has stopped', () => {
    const map = new Observable();
    const draws = watchDraws(map as unknown as OlMap, () => undefined);
    const moved = jest.fn();
    draws.onViewChange(moved);
    map.dispatchEvent('moveend');
    expect(moved).toHaveBeenCalledTimes(1);
  });
});
