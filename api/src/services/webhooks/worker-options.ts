// The webhook worker's settings and their defaults (the environment's are read in config.ts).
import type { Mailer } from '../../mail';
import { WEBHOOK_CLEANUP_DEFAULTS } from './cleanup';

export interface WebhookWorkerOptions {
  /** Private and loopback addresses (and http://) allowed: development configuration. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** How long a delivery stays leased to the worker sending it (longer than timeoutMs). */
  leaseSeconds: number;
  pumpIntervalMs: number;
  sweepIntervalMs: number;
  /** Backoff: first retry after backoffBaseSeconds, doubling, at most backoffMaxSeconds apart. */
  backoffBaseSeconds: number;
  backoffMaxSeconds: number;
  /** Retries stop this long after the event (at least 24 h in production; default 72 h). */
  retryWindowSeconds: number;
  /** An endpoint failing for this long is disabled (default 72 h). */
  disableAfterSeconds: number;
  /** Delivered deliveries (and events left without any) are deleted this many days after delivery. */
  deliveredRetentionDays: number;
  /** Time between two cleanup runs. */
  cleanupIntervalMs: number;
  /** Parallel job loops and chains per loop. */
  loops: number;
  batchSize: number;
  mailer: Mailer | null;
  publicUrl?: string;
  schema: string;
  log: (message: string) => void;
}

// The address guard is on everywhere (development, tests, the demo, production): only the explicit development
// opt-in WEBHOOK_ALLOW_PRIVATE_URLS=1 (or true, see config.ts) lets webhooks reach private and loopback addresses
// over plain http, e.g. a receiver on the developer's own machine. Whoever starts a worker or the API with it
// logs this notice.
export const WEBHOOK_GUARD_OFF_NOTICE =
  'WEBHOOK_ALLOW_PRIVATE_URLS is on: webhooks may reach private and loopback addresses over http. ' +
  'Development only; never in production.';

export const DEFAULT_WEBHOOK_OPTIONS: Omit<WebhookWorkerOptions, 'mailer' | 'log'> = {
  allowPrivate: false,
  timeoutMs: 10_000,
  leaseSeconds: 60,
  pumpIntervalMs: 200,
  sweepIntervalMs: 30_000,
  backoffBaseSeconds: 10,
  backoffMaxSeconds: 6 * 3600,
  retryWindowSeconds: 72 * 3600,
  disableAfterSeconds: 72 * 3600,
  deliveredRetentionDays: WEBHOOK_CLEANUP_DEFAULTS.deliveredDays,
  cleanupIntervalMs: 3_600_000,
  loops: 4,
  batchSize: 25,
  schema: 'pgboss',
};
