// Engine settings: polling interval, backoff, leases, job expiry; from options, else the environment (config.ts).
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

/** The defaults; the ENGINE_* variables (config.ts) override them. */
export const ENGINE_DEFAULTS: EngineConfig = {
  pollIntervalSeconds: 900,
  retryBaseSeconds: 30,
  retryMaxSeconds: 3600,
  pollLeaseSeconds: 300,
  tickMs: 5000,
  notFoundPolls: 2,
  jobExpireSeconds: 120,
  workerPollSeconds: 1,
  carrierTimeoutMs: 15_000,
  recomputeEverySeconds: 86_400,
  claimBatch: 200,
  pollOverlapSeconds: 86_400,
};

/** The defaults, then `base` (the environment's settings, config.ts), then `overrides`. */
export function engineConfig(
  overrides: Partial<EngineConfig> = {},
  base: Partial<EngineConfig> = {},
): EngineConfig {
  return { ...ENGINE_DEFAULTS, ...base, ...overrides };
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
