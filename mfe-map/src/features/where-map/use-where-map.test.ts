import { act, renderHook, waitFor } from '@testing-library/react';
import { decodeMapData } from './cluster';
import { useWhereMap, type UseWhereMapOptions } from './use-where-map';

// The OpenLayers island is replaced by a handle that records what it is given.
const fake = {
  infoElement: document.createElement('div'),
  setData: jest.fn(),
  onDrawn: jest.fn(),
  onViewChange: jest.fn(),
  targets: jest.fn(() => []),
  setLabels: jest.fn(),
  dispose: jest.fn(),
  stats: () => ({}),
};
jest.mock('./create-where-map', () => ({
  prepareWhereMap: () => undefined,
  createWhereMap: () => fake,
}));

const DATA = decodeMapData({ count: 1, id: [1], lng: [0], lat: [0], health: [0], vessel: [-1], vessels: [] });
const LABELS = { zoomIn: 'Zoom in', zoomOut: 'Zoom out' };

describe('the where map in React', () => {
  it('gives the map its data once (fitted for a new key), and disposes it with the element', async () => {
    const onHandle = jest.fn();
    const options = (over: Partial<UseWhereMapOptions>): UseWhereMapOptions => ({
      data: DATA,
      fitKey: 1,
      onSelect: () => undefined,
      loadKey: 0,
      labels: LABELS,
      onHandle,
      ...over,
    });
    const hook = renderHook((props: UseWhereMapOptions) => useWhereMap(props), { initialProps: options({}) });
    // the map needs an element: the hook's ref is given one as React would
    act(() => {
      (hook.result.current.ref as { current: HTMLDivElement | null }).current = document.createElement('div');
    });
    hook.rerender(options({}));
    await waitFor(() => expect(hook.result.current.handle).toBe(fake));
    expect(onHandle).toHaveBeenCalledWith(fake);
    expect(fake.setData).toHaveBeenCalledTimes(1);
    expect(fake.setData).toHaveBeenCalledWith(DATA, { fit: true });
    expect(fake.setLabels).toHaveBeenCalledWith(LABELS);
    // the same data again: nothing; a refresh: kept view; new filters: fitted
    hook.rerender(options({}));
    const refreshed = { ...DATA };
    hook.rerender(options({ data: refreshed }));
    expect(fake.setData).toHaveBeenLastCalledWith(refreshed, { fit: false });
    hook.rerender(options({ data: refreshed, fitKey: 2 }));
    expect(fake.setData).toHaveBeenLastCalledWith(refreshed, { fit: true });
    expect(fake.setData).toHaveBeenCalledTimes(3);
    hook.unmount();
    expect(fake.dispose).toHaveBeenCalled();
    expect(onHandle).toHaveBeenLastCalledWith(null);
  });
});
