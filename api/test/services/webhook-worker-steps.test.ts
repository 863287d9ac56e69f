// The webhook worker's steps on their own, without pg-boss or a database: the retry backoff, the chain
// jobs queued (one per chain), and the one-run-at-a-time guard of the pump, the sweep and the cleanup.
import { backoffSeconds } from '../../src/services/webhooks/worker-deliveries';
import { chainJobRows, WEBHOOK_QUEUE } from '../../src/services/webhooks/worker-queue';
import { singleFlight } from '../../src/services/webhooks/worker-schedule';

describe('backoffSeconds', () => {
  const mid = () => 0.5; // no jitter: factor 0.8 + 0.4 × 0.5 = 1

  it('doubles from the base after each failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, 10, 3600, mid))).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(0, 10, 3600, mid)).toBe(10);
  });

  it('is capped at the maximum', () => {
    expect(backoffSeconds(30, 10, 6 * 3600, mid)).toBe(6 * 3600);
  });

  it('jitters by ±20 %', () => {
    expect(backoffSeconds(3, 10, 3600, () => 0)).toBeCloseTo(32);
    expect(backoffSeconds(3, 10, 3600, () => 0.999999)).toBeCloseTo(48, 3);
  });
});

describe('chainJobRows', () => {
  it('queues one job per chain, keyed by endpoint and chain', () => {
    const rows = chainJobRows([
      { endpointId: 1, chain: 'tr:5' },
      { endpointId: 2, chain: 'tr:5' },
      { endpointId: 1, chain: 'tr:5' },
    ]);
    expect(rows).toEqual([
      { name: WEBHOOK_QUEUE, data: { endpointId: 1, chain: 'tr:5' }, singletonKey: '1|tr:5' },
      { name: WEBHOOK_QUEUE, data: { endpointId: 2, chain: 'tr:5' }, singletonKey: '2|tr:5' },
    ]);
  });

  it('starts the jobs no earlier than the given moment', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(chainJobRows([{ endpointId: 3, chain: 'c' }], at)[0].startAfter).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('singleFlight', () => {
  function deferred() {
    let resolve!: () => void;
    let reject!: (err: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('runs the task once at a time and returns the run in progress', async () => {
    const d = deferred();
    const task = jest.fn(() => d.promise);
    const flight = singleFlight(task, () => undefined);
    const first = flight.run();
    expect(flight.run()).toBe(first);
    expect(task).toHaveBeenCalledTimes(1);
    d.resolve();
    await first;
    expect(flight.running()).toBeNull();
    task.mockResolvedValueOnce(undefined);
    await flight.run();
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('reports a failure to onError and lets the next run start', async () => {
    const errors: string[] = [];
    const flight = singleFlight(
      () => Promise.reject(new Error('boom')),
      (err) => errors.push(err.message),
    );
    await expect(flight.run()).resolves.toBeUndefined();
    expect(errors).toEqual(['boom']);
    expect(flight.running()).toBeNull();
  });

  it('does not start while canStart says no', () => {
    const task = jest.fn(() => Promise.resolve());
    let open = false;
    const flight = singleFlight(
      task,
      () => undefined,
      () => open,
    );
    expect(flight.run()).toBeNull();
    expect(task).not.toHaveBeenCalled();
    open = true;
    expect(flight.run()).not.toBeNull();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
