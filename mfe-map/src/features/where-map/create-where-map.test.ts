import { decodeMapData } from './cluster';
import { createWhereMap } from './create-where-map';

// jsdom measures nothing: the map element's size is set by hand, and OpenLayers hears of a change through the
// ResizeObserver it watches the element with (recorded here and called by the test).
const observers: ResizeObserverCallback[] = [];
beforeAll(() => {
  globalThis.ResizeObserver = class {
    constructor(callback: ResizeObserverCallback) {
      observers.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // nothing is drawn in jsdom (no canvas): frames are not run
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
});

function element(width: number, height: number) {
  const target = document.createElement('div');
  // OpenLayers subtracts the computed borders and padding (jsdom computes the inline ones only)
  target.style.border = '0px solid black';
  target.style.padding = '0px';
  document.body.appendChild(target);
  resize(target, width, height);
  return target;
}
function resize(target: HTMLElement, width: number, height: number) {
  Object.defineProperty(target, 'offsetWidth', { configurable: true, value: width });
  Object.defineProperty(target, 'offsetHeight', { configurable: true, value: height });
  Object.defineProperty(target, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(target, 'clientHeight', { configurable: true, value: height });
  for (const callback of observers) callback([], {} as ResizeObserver);
}

// Valencia to Shanghai: a wide extent
const DATA = decodeMapData({
  count: 3,
  id: [1, 2, 3],
  lng: [-0.3, 121.5, 103.8],
  lat: [39.4, 31.2, 1.26],
  health: [0, 1, 2],
  vessel: [-1, -1, -1],
  vessels: [],
});

describe('the where map', () => {
  it('fits the points again when the window narrows (the e2e spec checks a view the user moved is kept)', () => {
    const target = element(1366, 600);
    const map = createWhereMap(target, () => undefined);
    map.setData(DATA, { fit: true });
    const wide = map.stats().zoom;
    resize(target, 620, 600);
    const narrow = map.stats().zoom;
    expect(narrow).toBeLessThan(wide);
    // wider again: fitted again (the view has not been moved since)
    resize(target, 1366, 600);
    expect(map.stats().zoom).toBeCloseTo(wide, 6);
    map.dispose();
  });

  it('names its zoom buttons in the language given', () => {
    const target = element(800, 600);
    const map = createWhereMap(target, () => undefined);
    map.setLabels({ zoomIn: 'Acercar', zoomOut: 'Alejar' });
    const zoomIn = target.querySelector('.ol-zoom-in')!;
    expect(zoomIn.getAttribute('title')).toBe('Acercar');
    expect(zoomIn.getAttribute('aria-label')).toBe('Acercar');
    expect(target.querySelector('.ol-zoom-out')!.getAttribute('title')).toBe('Alejar');
    map.dispose();
  });
});
