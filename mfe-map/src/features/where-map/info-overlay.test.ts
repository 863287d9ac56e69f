import type OlMap from 'ol/Map';
import type Overlay from 'ol/Overlay';
import { createInfoOverlay, neededHeight } from './info-overlay';

function fakeMap() {
  const overlays: Overlay[] = [];
  const view = { getCenter: () => [0, 0], getResolution: () => 1, animate: jest.fn() };
  const map = {
    addOverlay: (o: Overlay) => overlays.push(o),
    getView: () => view,
    getSize: () => [800, 600],
    getPixelFromCoordinate: () => [400, 300],
  };
  return { map: map as unknown as OlMap, overlays };
}

describe('the info window overlay', () => {
  it('needs its content (at most the cap) plus its gap, half a marker each side and the margins', () => {
    expect(neededHeight(600, 360, 100)).toBe(100 + 16 + 28 + 24);
    expect(neededHeight(600, 360, 1000)).toBe(360 + 16 + 28 + 24);
    expect(neededHeight(300, 360, 1000)).toBe(300);
  });

  it('opens above the coordinate, and closes dropping its height cap', () => {
    const { map, overlays } = fakeMap();
    const info = createInfoOverlay(map, document.createElement('div'));
    expect(info.element.className).toBe('map-where__info');
    expect(overlays[0].getElement()).toBe(info.element);
    expect(info.isOpen()).toBe(false);
    info.open([10, 20]);
    expect(info.isOpen()).toBe(true);
    expect(overlays[0].getPosition()).toEqual([10, 20]);
    expect(overlays[0].getPositioning()).toBe('bottom-center');
    expect(overlays[0].getOffset()).toEqual([0, -16]);
    // jsdom measures nothing: an element without a width is not placed
    info.place();
    info.element.style.maxHeight = '120px';
    info.hide();
    expect(info.isOpen()).toBe(false);
    expect(info.element.style.maxHeight).toBe('120px');
    info.open([10, 20]);
    info.close();
    expect(info.isOpen()).toBe(false);
    expect(info.element.style.maxHeight).toBe('');
    info.dispose();
  });

  it('is placed below the marker when there is no room above, for each size once', () => {
    const { map, overlays } = fakeMap();
    const target = document.createElement('div');
    target.getBoundingClientRect = () => ({ top: 0 }) as DOMRect;
    target.scrollIntoView = jest.fn();
    const info = createInfoOverlay(map, target);
    Object.defineProperty(info.element, 'offsetWidth', { value: 300 });
    Object.defineProperty(info.element, 'scrollHeight', { value: 200 });
    const pixel = jest.spyOn(map, 'getPixelFromCoordinate').mockReturnValue([400, 40]);
    info.open([1, 2]);
    info.place();
    expect(overlays[0].getPositioning()).toBe('top-center');
    expect(overlays[0].getOffset()).toEqual([0, 16]);
    info.place();
    expect(pixel).toHaveBeenCalledTimes(1);
  });
});
