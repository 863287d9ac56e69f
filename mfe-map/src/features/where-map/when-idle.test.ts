import { whenIdle } from './when-idle';

afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
  delete (globalThis as { cancelIdleCallback?: unknown }).cancelIdleCallback;
});

describe('whenIdle', () => {
  it('without requestIdleCallback runs the task soon, without a deadline, unless cancelled', () => {
    jest.useFakeTimers();
    const task = jest.fn();
    whenIdle(task);
    const cancelled = jest.fn();
    whenIdle(cancelled)();
    jest.advanceTimersByTime(16);
    expect(task).toHaveBeenCalledWith(null);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('with requestIdleCallback waits for an idle period (200 ms at most) and can be cancelled', () => {
    const request = jest.fn((_task: IdleRequestCallback, _options?: IdleRequestOptions) => 42);
    const cancel = jest.fn();
    Object.assign(globalThis, { requestIdleCallback: request, cancelIdleCallback: cancel });
    const task = jest.fn();
    const stop = whenIdle(task);
    expect(request).toHaveBeenCalledWith(task, { timeout: 200 });
    stop();
    expect(cancel).toHaveBeenCalledWith(42);
  });
});
