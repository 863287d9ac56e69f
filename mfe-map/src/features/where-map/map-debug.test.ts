import { exposeDraws, forgetDebug } from './map-debug';
import type { WhereMapHandle } from './where-map-types';

function fakeHandle() {
  const drawn: Array<() => void> = [];
  const handle = {
    onDrawn: (listener: () => void) => drawn.push(listener),
    stats: () => ({ zoom: 2, level: 2, points: 3, clusters: 2, vessels: 1, webgl: false, prepared: false }),
  } as unknown as WhereMapHandle;
  return { handle, draw: () => drawn.forEach((l) => l()) };
}

afterEach(() => localStorage.removeItem('portal.mapDebug'));

describe('what the tests read of the map', () => {
  it('marks each draw on the map element', () => {
    const { handle, draw } = fakeHandle();
    const element = document.createElement('div');
    exposeDraws(handle, element, () => null);
    draw();
    expect({ ...element.dataset }).toEqual({
      state: 'drawn',
      points: '3',
      clusters: '2',
      vessels: '1',
      renderer: 'canvas',
    });
    expect(window.__mapDebug).toBeUndefined();
  });

  it('exposes the handle and the draw times when debugging, until the handle is gone', () => {
    localStorage.setItem('portal.mapDebug', '1');
    const { handle, draw } = fakeHandle();
    exposeDraws(handle, document.createElement('div'), () => null);
    draw();
    draw();
    expect(window.__mapDebug).toMatchObject({ handle, draws: 2 });
    expect(window.__mapDebug!.firstDrawnAt).toBeLessThanOrEqual(window.__mapDebug!.lastDrawnAt!);
    forgetDebug(fakeHandle().handle);
    expect(window.__mapDebug).toBeDefined();
    forgetDebug(handle);
    expect(window.__mapDebug).toBeUndefined();
  });
});
