import { act, renderHook } from '@testing-library/react';
import { useMapSelection } from './use-map-selection';
import type { MapSelection, WhereMapHandle } from './where-map-types';

const SELECTION: MapSelection = { kind: 'points', coordinate: [0, 0], points: [0], total: 1 };

describe('the selection of the map page', () => {
  it('gives the focus back to what had it when the window opened', () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const closeInfo = jest.fn();
    const { result } = renderHook(() => useMapSelection({ closeInfo } as unknown as WhereMapHandle));
    act(() => result.current.onSelect(SELECTION));
    expect(result.current.selection).toBe(SELECTION);
    document.body.focus();
    act(() => result.current.close());
    expect(closeInfo).toHaveBeenCalled();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('without a map, closing drops the selection and the focus goes to the map', () => {
    const map = document.createElement('div');
    map.tabIndex = 0;
    map.dataset.testid = 'where-map-focus';
    document.body.appendChild(map);
    const { result } = renderHook(() => useMapSelection(null));
    act(() => result.current.onSelect(SELECTION));
    act(() => result.current.close());
    expect(result.current.selection).toBeNull();
    expect(map).toHaveFocus();
    act(() => result.current.onSelect(SELECTION));
    act(() => result.current.clear());
    expect(result.current.selection).toBeNull();
    map.remove();
  });
});
