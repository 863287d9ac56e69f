import { act, renderHook } from '@testing-library/react';
import { useTextDrafts } from './use-text-drafts';

describe('useTextDrafts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps the typed text as a draft and hands it on trimmed once typing pauses', () => {
    const apply = jest.fn();
    const { result } = renderHook(() => useTextDrafts(500));
    act(() => result.current.type('search', ' MS', apply));
    act(() => jest.advanceTimersByTime(300));
    act(() => result.current.type('search', ' MSKU ', apply));
    expect(result.current.drafts).toEqual({ search: ' MSKU ' });
    act(() => jest.advanceTimersByTime(499));
    expect(apply).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith('MSKU');
    expect(result.current.drafts).toEqual({});
  });

  it('drops one draft or all of them without handing anything on', () => {
    const apply = jest.fn();
    const { result } = renderHook(() => useTextDrafts(500));
    act(() => {
      result.current.type('a', 'x', apply);
      result.current.type('b', 'y', apply);
    });
    act(() => result.current.drop('a'));
    expect(result.current.drafts).toEqual({ b: 'y' });
    act(() => result.current.clear());
    expect(result.current.drafts).toEqual({});
    act(() => jest.advanceTimersByTime(1000));
    expect(apply).not.toHaveBeenCalled();
  });

  it('stops pending timers on unmount', () => {
    const apply = jest.fn();
    const { result, unmount } = renderHook(() => useTextDrafts(500));
    act(() => result.current.type('a', 'x', apply));
    unmount();
    jest.advanceTimersByTime(1000);
    expect(apply).not.toHaveBeenCalled();
  });
});
