// Engine settings: polling interval, backoff, leases, job expiry, from options or environment.
export interface EngineConfig {
  /** Seconds between polls of an active tracking request (ENGINE_POLL_INTERVAL_SECONDS, default 900). */
  pollIntervalSeconds: number;
  /** First retry delay after a failed poll (ENGINE_RETRY_BASE_SECONDS, default 30); doubles per failure. */
  retryBaseSeconds: number;
  /** Cap of the retry delay (ENGINE_RETRY_MAX_SECONDS, default 3600). */
  retryMaxSeconds: number;
  /** A claimed poll that never reports back is claimed again after this (ENGINE_POLL_LEASE_SECONDS, 300). */
  pollLeaseSeconds: number;
  /** Scheduler tick (ENGINE_TICK_MS, default 5000). */
  tickMs: number;
  /** Consecutive "not found" answers before a request turns invalid (ENGINE_NOT_FOUND_POLLS, default 2). */
  notFoundPolls: number;
  /** pg-boss: a job still active after this many seconds is retried (ENGINE_JOB_EXPIRE_SECONDS, 120). */
  jobExpireSeconds: number;
  /** pg-boss polling interval of the workers (ENGINE_WORKER_POLL_SECONDS, default 1). */
  workerPollSeconds: number;
  /** Per HTTP request to a carrier (ENGINE_CARRIER_TIMEOUT_MS, default 15000). */
  carrierTimeoutMs: number;
  /** Ongoing requests are recomputed at least this often for time-based alerts (seconds, default 86400). */
  recomputeEverySeconds: number;
  /** Requests claimed per tick (default 200). */
  claimBatch: number;
  /**
   * Each poll asks again from this long before its cursor (ENGINE_POLL_OVERLAP_SECONDS, default
   * 86400): events a carrier publishes late (created long before), or in the same second as the
   * cursor, are still fetched; what is fetched again is recognised as known.
   */
  pollOverlapSeconds: number;
}

const num = (value: string | undefined, fallback: number): number => {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function engineConfig(
  overrides: Partial<EngineConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): EngineConfig {
  return {
    pollIntervalSeconds: num(env.ENGINE_POLL_INTERVAL_SECONDS, 900),
    retryBaseSeconds: num(env.ENGINE_RETRY_BASE_SECONDS, 30),
    retryMaxSeconds: num(env.ENGINE_RETRY_MAX_SECONDS, 3600),
    pollLeaseSeconds: num(env.ENGINE_POLL_LEASE_SECONDS, 300),
    tickMs: num(env.ENGINE_TICK_MS, 5000),
    notFoundPolls: Math.max(1, num(env.ENGINE_NOT_FOUND_POLLS, 2)),
    jobExpireSeconds: Math.max(1, num(env.ENGINE_JOB_EXPIRE_SECONDS, 120)),
    workerPollSeconds: Math.max(0.5, num(env.ENGINE_WORKER_POLL_SECONDS, 1)),
    carrierTimeoutMs: num(env.ENGINE_CARRIER_TIMEOUT_MS, 15_000),
    recomputeEverySeconds: num(env.ENGINE_RECOMPUTE_EVERY_SECONDS, 86_400),
    claimBatch: 200,
    pollOverlapSeconds: num(env.ENGINE_POLL_OVERLAP_SECONDS, 86_400),
    ...overrides,
  };
}

/** Delay before the next poll after `failures` consecutive failures (1, 2, ...): base·2^(n-1), capped. */
export function backoffSeconds(
  failures: number,
  config: Pick<EngineConfig, 'retryBaseSeconds' | 'retryMaxSeconds'>,
): number {
  if (failures <= 0) return 0;
  const exponent = Math.min(failures - 1, 30);
  return Math.min(config.retryMaxSeconds, config.retryBaseSeconds * 2 ** exponent);
}
