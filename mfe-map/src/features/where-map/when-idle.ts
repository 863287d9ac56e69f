// Work the first draw does not need waits for the browser to be idle, in small tasks (a zoom that starts meanwhile
// is not held up).

/**
 * Runs `task` when the browser is idle (soon in any case), with the idle period's deadline (null without
 * requestIdleCallback); returns a cancel function.
 */
export function whenIdle(task: (deadline: IdleDeadline | null) => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(() => task(null), 16);
  return () => clearTimeout(id);
}
