import { act, renderHook, waitFor } from '@testing-library/react';
import * as api from '../../lib/map-api';
import { useMapPoints } from './use-map-points';

const ANSWER = { count: 1, id: [1], lng: [0], lat: [0], health: [0], vessel: [-1], vessels: [] };
const KEY = JSON.stringify({ health: ['ontrack'] });

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the points of the map page', () => {
  it('loads the points of the filters and fits the view to them; a refresh keeps the view', async () => {
    jest.useFakeTimers();
    const points = jest.spyOn(api.mapApi, 'points').mockResolvedValue(ANSWER);
    const onNewData = jest.fn();
    const { result } = renderHook(() => useMapPoints(KEY, 0, onNewData));
    expect(result.current.state).toBe('loading');
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.state).toBe('ready');
    expect(result.current.data?.count).toBe(1);
    expect(result.current.fitKey).toBe(1);
    expect(points).toHaveBeenCalledWith({ health: ['ontrack'] }, expect.any(AbortSignal));
    // two minutes later: the same filters again, the view kept
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(points).toHaveBeenCalledTimes(2);
    expect(result.current.fitKey).toBe(1);
    expect(onNewData).toHaveBeenCalledTimes(2);
  });

  it('says when the points could not be loaded', async () => {
    jest.spyOn(api.mapApi, 'points').mockRejectedValue(new Error('500'));
    const { result } = renderHook(() => useMapPoints(KEY, 0, () => undefined));
    await waitFor(() => expect(result.current.state).toBe('error'));
    expect(result.current.data).toBeNull();
  });
});
