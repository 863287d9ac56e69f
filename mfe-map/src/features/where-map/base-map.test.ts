import type OlMap from 'ol/Map';
import BaseObject from 'ol/Object';
import { fitFollowingSize, setZoomLabels } from './base-map';

/** A view whose fit moves it (as OpenLayers' does), and a map whose size changes by hand. */
class FakeView extends BaseObject {
  fit = jest.fn(() => {
    this.dispatchEvent('change:center');
    this.dispatchEvent('change:resolution');
  });
}
class FakeMap extends BaseObject {
  size: number[] | undefined = [800, 600];
  view = new FakeView();
  getSize = () => this.size;
  getView = () => this.view;
  resize(size: number[]) {
    this.size = size;
    this.dispatchEvent('change:size');
  }
}

describe('the base of the where map', () => {
  it('fits the view again when the size changes, until the user moves it', () => {
    const map = new FakeMap();
    const fit = fitFollowingSize(map as unknown as OlMap, () => [0, 0, 10, 10]);
    fit();
    expect(map.view.fit).toHaveBeenCalledWith([0, 0, 10, 10], { padding: [48, 48, 48, 48], maxZoom: 8 });
    map.resize([400, 600]);
    expect(map.view.fit).toHaveBeenCalledTimes(2);
    // the user pans: the view stays as it is from then on
    map.view.dispatchEvent('change:center');
    map.resize([800, 600]);
    expect(map.view.fit).toHaveBeenCalledTimes(2);
  });

  it('does not fit without points or without a size', () => {
    const map = new FakeMap();
    fitFollowingSize(map as unknown as OlMap, () => null)();
    map.size = [0, 600];
    fitFollowingSize(map as unknown as OlMap, () => [0, 0, 1, 1])();
    expect(map.view.fit).not.toHaveBeenCalled();
  });

  it('names the zoom buttons there are', () => {
    const target = document.createElement('div');
    target.innerHTML = '<button class="ol-zoom-in"></button>';
    setZoomLabels(target, { zoomIn: 'Acercar', zoomOut: 'Alejar' });
    const button = target.querySelector('.ol-zoom-in')!;
    expect(button.getAttribute('title')).toBe('Acercar');
    expect(button.getAttribute('aria-label')).toBe('Acercar');
  });
});
