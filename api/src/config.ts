// The API's settings from the environment, read and checked in one place. `loadConfig()` validates every
// variable it knows (blank counts as unset) and throws one ConfigError naming each bad variable and what it
// accepts, so a typo stops the process at start instead of silently falling back to a default. The entry
// points (server.ts, worker.ts, the CLIs) call it once; `buildApp` calls it when it is given no `config`, so a
// test that sets process.env before building its app still sees its value.
import os from 'node:os';
import path from 'node:path';
import { Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { REPO_ROOT, type DatabaseSettings } from './db/database-url';
import type { ReportSettings } from './reports/runs';
import type { WebhookWorkerOptions } from './services/webhooks/worker-options';
import { ENGINE_DEFAULTS, type EngineConfig } from './tracking/engine/config';
import type { TokenPolicy } from './types';

const DEFAULT_MAIL_FROM = 'Container Tracking Portal <no-reply@localhost>';

const INT = '^[0-9]+$';
const POSITIVE_INT = '^[1-9][0-9]*$';
const NUMBER = '^[0-9]+(\\.[0-9]+)?$';
const URL = '^[A-Za-z][A-Za-z0-9+.-]*://\\S+$';
const ZERO_ONE = '^(0|1)$';
const FLAG = '^(0|1|true|false)$';

const int = (description = 'a whole number (0 or more)') => Type.String({ pattern: INT, description });
const positiveInt = (description = 'a whole number above 0') =>
  Type.String({ pattern: POSITIVE_INT, description });
const number = (description = 'a number (0 or more)') => Type.String({ pattern: NUMBER, description });
const url = () => Type.String({ pattern: URL, description: 'an absolute URL (scheme://…)' });
const zeroOne = () => Type.String({ pattern: ZERO_ONE, description: '0 (off) or 1 (on)' });
const flag = () => Type.String({ pattern: FLAG, description: '0, 1, true or false' });
const text = (description = 'any text') => Type.String({ description });

/** Every variable read, with what it accepts (the `description` is the error text). */
const VARIABLES = {
  NODE_ENV: text(),
  // Server (server.ts)
  PORT: int('a port number'),
  HOST: text('a host name or address'),
  LOG_LEVEL: Type.String({
    pattern: '^(fatal|error|warn|info|debug|trace|silent)$',
    description: 'fatal, error, warn, info, debug, trace or silent',
  }),
  CORS_ORIGINS: text('a comma-separated list of origins'),
  TRUST_PROXY: text("1/true (any proxy), 0/false (none), or addresses/CIDRs/'loopback', comma-separated"),
  DEMO_SEED: flag(),
  ENGINE_WORKERS: flag(),
  // Database
  DATABASE_URL: url(),
  PORTAL_DATA_DIR: text('a folder'),
  EMBEDDED_PG_PORT: int('a port number'),
  // Tokens and links
  TOKEN_IDLE_MINUTES: positiveInt(),
  TOKEN_MAX_AGE_HOURS: positiveInt(),
  PUBLIC_URL: url(),
  PORTAL_URL: url(),
  PORTAL_PORT: int('a port number'),
  AUTH_CACHE_MS: int('milliseconds (0 turns the cache off)'),
  // Mail, reports, alerts, contact
  SMTP_URL: url(),
  MAIL_FROM: text('an e-mail address, optionally with a display name'),
  REPORTS_SCHEDULER: zeroOne(),
  REPORTS_HOUR: Type.String({
    pattern: '^([0-9]|1[0-9]|2[0-3])$',
    description: 'an hour of the day, 0 to 23 (UTC)',
  }),
  ETA_ALERTS: zeroOne(),
  CONTACT_SALES_EMAIL: text('an e-mail address'),
  CONTACT_RATE_LIMIT_MAX: int(),
  CONTACT_RATE_LIMIT_WINDOW_MS: int('milliseconds'),
  // Public rate limits
  CALENDAR_RATE_LIMIT_MAX: int(),
  SHARE_LINK_RATE_LIMIT_MAX: int(),
  DCSA_CALLBACK_RATE_LIMIT_MAX: positiveInt(),
  DCSA_CALLBACK_RATE_LIMIT_WINDOW_MS: positiveInt('milliseconds, above 0'),
  // Uploads
  XLSX_READ_TIMEOUT_MS: int('milliseconds'),
  // Webhooks
  WEBHOOK_WORKER: flag(),
  // Anything but 1/true leaves the address guard on: the safe reading of a value nobody meant.
  WEBHOOK_ALLOW_PRIVATE_URLS: text(
    '1 or true to allow private addresses (development only); anything else: no',
  ),
  WEBHOOK_TIMEOUT_MS: number('milliseconds'),
  WEBHOOK_RETRY_HOURS: number('hours'),
  WEBHOOK_DISABLE_AFTER_HOURS: number('hours'),
  WEBHOOK_DELIVERED_RETENTION_DAYS: positiveInt('whole days, 1 or more'),
  WEBHOOK_WORKER_SETTINGS: text('a JSON object of webhook worker options'),
  // Tracking engine
  ENGINE_POLL_INTERVAL_SECONDS: number('seconds'),
  ENGINE_RETRY_BASE_SECONDS: number('seconds'),
  ENGINE_RETRY_MAX_SECONDS: number('seconds'),
  ENGINE_POLL_LEASE_SECONDS: number('seconds'),
  ENGINE_TICK_MS: number('milliseconds'),
  ENGINE_NOT_FOUND_POLLS: number(),
  ENGINE_JOB_EXPIRE_SECONDS: number('seconds'),
  ENGINE_WORKER_POLL_SECONDS: number('seconds'),
  ENGINE_CARRIER_TIMEOUT_MS: number('milliseconds'),
  ENGINE_RECOMPUTE_EVERY_SECONDS: number('seconds'),
  ENGINE_POLL_OVERLAP_SECONDS: number('seconds'),
  ENGINE_MAINTENANCE_SECONDS: positiveInt('seconds, above 0'),
  ENGINE_POLL_CONCURRENCY: positiveInt(),
  ENGINE_PUSH: flag(),
  ENGINE_CALLBACK_URL: url(),
  ENGINE_COMPANY_IDS: Type.String({
    pattern: '^\\s*[1-9][0-9]*(\\s*,\\s*[1-9][0-9]*)*\\s*$',
    description: 'a comma-separated list of company ids',
  }),
  ENGINE_NOW: text('a date and time (ISO 8601)'),
  ENGINE_SCHEMA: Type.String({
    pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
    description: 'a PostgreSQL schema name',
  }),
  ENGINE_INGEST_CHUNK: positiveInt(),
  ENGINE_CRASH_MID_INGEST: zeroOne(),
  FREE_TIME_POLL_MS: positiveInt('milliseconds, above 0'),
  FREE_TIME_LANES: positiveInt('1 to 8 (larger counts as 8)'),
  // Carrier simulator
  SIMULATOR_URL: url(),
  SIMULATOR_PORT: int('a port number (0: any free port)'),
  SIMULATOR_PUSH_SECONDS: int('seconds'),
  SIMULATOR_EPOCH: text('a date and time (ISO 8601)'),
  SIMULATOR_DISRUPTIONS: Type.String({ pattern: '^(none|random)$', description: 'none or random' }),
  DEMO_EPOCH_DAYS_AGO: int('days'),
  // The shipments list's answer cache (services/shipments/list-cache.ts)
  SHIPMENTS_CACHE: zeroOne(),
  SHIPMENTS_CACHE_MB: number('megabytes'),
  // How many API processes share the machine (shell/scripts/processes.mjs starts them): their default cache share
  PORTAL_API_PROCESSES: Type.String({
    pattern: '^([1-9]|1[0-6])$',
    description: 'a whole number from 1 to 16',
  }),
} satisfies Record<string, TSchema>;

type Name = keyof typeof VARIABLES;
type Raw = Partial<Record<Name, string>>;

const SCHEMA = Type.Object(
  Object.fromEntries(Object.entries(VARIABLES).map(([name, schema]) => [name, Type.Optional(schema)])),
);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface Config {
  nodeEnv?: string;
  server: {
    port: number;
    host: string;
    logLevel: string;
    corsOrigins?: string[];
    /** TRUST_PROXY as buildApp takes it (unset: no proxy). */
    trustProxy?: boolean | string;
    demoSeed: boolean;
    /** The tracking engine's workers run in the API process. */
    engineWorkers: boolean;
  };
  database: DatabaseSettings;
  tokens: TokenPolicy;
  /** PUBLIC_URL without trailing slashes. */
  publicUrl?: string;
  /** How long a token's caller is reused by the auth hook (0: off, the default under jest). */
  authCacheMs: number;
  mail: { smtpUrl?: string; from: string };
  reports: ReportSettings & { scheduler: boolean };
  etaAlerts: { enabled: boolean; portalUrl: string };
  contact: { salesAddress: string; rateLimit: { max: number; timeWindowMs: number } };
  calendarRateLimitMax: number;
  shareLinkRateLimitMax: number;
  dcsaCallbackRateLimit: { max: number; timeWindowMs: number };
  xlsxReadTimeoutMs: number;
  webhooks: {
    /** Start the delivery worker in the API process (never under jest). */
    worker: boolean;
    allowPrivate: boolean;
    /** The worker options the environment sets. */
    settings: Partial<WebhookWorkerOptions>;
    /** WEBHOOK_WORKER_SETTINGS: any option, for the standalone worker (tests use short backoffs). */
    workerOverrides: Partial<WebhookWorkerOptions>;
  };
  engine: {
    tuning: Omit<EngineConfig, 'claimBatch'>;
    maintenanceIntervalSeconds: number;
    pollConcurrency: number;
    /** DCSA push subscriptions (and the built-in simulator's pushes). */
    push: boolean;
    callbackUrl?: string;
    /** An external simulator (else one is started in the process). */
    simulatorUrl?: string;
    simulatorPort: number;
    simulatorPushSeconds: number;
    companyIds?: number[];
    /** A frozen clock (epoch ms), for fault runs. */
    now?: number;
    schema?: string;
    ingestChunk?: number;
    crashMidIngest: boolean;
  };
  freeTime: { pollMs: number; lanes: number };
  /** The simulated carriers' journeys start this many days before the demo data was first seeded. */
  demoEpochDaysAgo: number;
  /** The shipments list's answer cache: SHIPMENTS_CACHE=0 turns it off (to measure). */
  shipmentsCache: ShipmentsCacheSettings;
  /** The standalone simulator (tracking/simulator/main.ts). */
  simulator: { port: number; host?: string; epoch?: number; disruptions: 'none' | 'random' };
}

export interface ShipmentsCacheSettings {
  enabled: boolean;
  /** Bytes of page JSON kept per database handle (SHIPMENTS_CACHE_MB, default defaultCacheMb()). */
  maxBytes: number;
}

function problemsOf(raw: Raw): string[] {
  const problems: string[] = [];
  for (const error of Value.Errors(SCHEMA, raw)) {
    const name = error.path.replace(/^\//, '') as Name;
    const accepts = VARIABLES[name]?.description ?? error.message;
    problems.push(`${name}=${JSON.stringify(raw[name])}: expected ${accepts}`);
  }
  for (const name of ['ENGINE_NOW', 'SIMULATOR_EPOCH'] as const) {
    const value = raw[name];
    if (value !== undefined && Number.isNaN(Date.parse(value)))
      problems.push(`${name}=${JSON.stringify(value)}: expected ${VARIABLES[name].description}`);
  }
  if (raw.WEBHOOK_WORKER_SETTINGS !== undefined && !jsonObject(raw.WEBHOOK_WORKER_SETTINGS))
    problems.push(
      `WEBHOOK_WORKER_SETTINGS=${JSON.stringify(raw.WEBHOOK_WORKER_SETTINGS)}: expected ${VARIABLES.WEBHOOK_WORKER_SETTINGS.description}`,
    );
  return problems;
}

function jsonObject(value: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The list pages' JSON an API process keeps unless SHIPMENTS_CACHE_MB says: a quarter of the memory it may use
 * (its container's limit, else the machine's) shared by the API processes of the machine (PORTAL_API_PROCESSES),
 * at most 512 MB. Users each on their own filters and pages come back to thousands of pages (4,000 of 92 KB in the
 * bench's mix): kept, the next ask costs no query but the version's; a page asked again after a write costs only
 * reading its ids again (list-cache.ts revalidates).
 */
export function defaultCacheMb(
  raw: Raw,
  limit = Math.min(process.constrainedMemory() || Infinity, os.totalmem()),
): number {
  const processes = Number(raw.PORTAL_API_PROCESSES ?? 1);
  return Math.max(16, Math.min(512, Math.floor(limit / 4 / processes / 1024 / 1024)));
}

/** Number `name`, else `fallback` (after validation, so the text is a number). */
const num = (raw: Raw, name: Name, fallback: number) =>
  raw[name] === undefined ? fallback : Number(raw[name]);
const optionalNum = (raw: Raw, name: Name) => (raw[name] === undefined ? undefined : Number(raw[name]));
/** A flag: 1/true on, 0/false off, else `fallback`. */
const on = (raw: Raw, name: Name, fallback: boolean) =>
  raw[name] === undefined ? fallback : raw[name] === '1' || raw[name] === 'true';

function serverSettings(raw: Raw): Config['server'] {
  const trustProxy = raw.TRUST_PROXY;
  return {
    port: num(raw, 'PORT', 8000),
    host: raw.HOST ?? '0.0.0.0',
    logLevel: raw.LOG_LEVEL ?? 'info',
    corsOrigins: raw.CORS_ORIGINS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy:
      trustProxy === undefined
        ? undefined
        : ['1', 'true'].includes(trustProxy)
          ? true
          : ['0', 'false'].includes(trustProxy)
            ? false
            : trustProxy,
    demoSeed: on(raw, 'DEMO_SEED', false),
    engineWorkers: on(raw, 'ENGINE_WORKERS', true),
  };
}

function webhookSettings(raw: Raw): Config['webhooks'] {
  const hours = (name: Name) => (raw[name] === undefined ? undefined : Number(raw[name]) * 3600);
  const settings: Partial<WebhookWorkerOptions> = {
    allowPrivate: ['1', 'true'].includes(raw.WEBHOOK_ALLOW_PRIVATE_URLS?.toLowerCase() ?? ''),
    timeoutMs: optionalNum(raw, 'WEBHOOK_TIMEOUT_MS'),
    retryWindowSeconds: hours('WEBHOOK_RETRY_HOURS'),
    disableAfterSeconds: hours('WEBHOOK_DISABLE_AFTER_HOURS'),
    deliveredRetentionDays: optionalNum(raw, 'WEBHOOK_DELIVERED_RETENTION_DAYS'),
  };
  return {
    worker: on(raw, 'WEBHOOK_WORKER', true) && raw.NODE_ENV !== 'test',
    allowPrivate: settings.allowPrivate === true,
    settings: Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)),
    workerOverrides: raw.WEBHOOK_WORKER_SETTINGS ? jsonObject(raw.WEBHOOK_WORKER_SETTINGS)! : {},
  };
}

function engineSettings(raw: Raw): Config['engine'] {
  const d = ENGINE_DEFAULTS;
  return {
    tuning: {
      pollIntervalSeconds: num(raw, 'ENGINE_POLL_INTERVAL_SECONDS', d.pollIntervalSeconds),
      retryBaseSeconds: num(raw, 'ENGINE_RETRY_BASE_SECONDS', d.retryBaseSeconds),
      retryMaxSeconds: num(raw, 'ENGINE_RETRY_MAX_SECONDS', d.retryMaxSeconds),
      pollLeaseSeconds: num(raw, 'ENGINE_POLL_LEASE_SECONDS', d.pollLeaseSeconds),
      tickMs: num(raw, 'ENGINE_TICK_MS', d.tickMs),
      notFoundPolls: Math.max(1, num(raw, 'ENGINE_NOT_FOUND_POLLS', d.notFoundPolls)),
      jobExpireSeconds: Math.max(1, num(raw, 'ENGINE_JOB_EXPIRE_SECONDS', d.jobExpireSeconds)),
      workerPollSeconds: Math.max(0.5, num(raw, 'ENGINE_WORKER_POLL_SECONDS', d.workerPollSeconds)),
      carrierTimeoutMs: num(raw, 'ENGINE_CARRIER_TIMEOUT_MS', d.carrierTimeoutMs),
      recomputeEverySeconds: num(raw, 'ENGINE_RECOMPUTE_EVERY_SECONDS', d.recomputeEverySeconds),
      pollOverlapSeconds: num(raw, 'ENGINE_POLL_OVERLAP_SECONDS', d.pollOverlapSeconds),
    },
    maintenanceIntervalSeconds: num(raw, 'ENGINE_MAINTENANCE_SECONDS', 60),
    pollConcurrency: num(raw, 'ENGINE_POLL_CONCURRENCY', 4),
    push: on(raw, 'ENGINE_PUSH', true),
    callbackUrl: raw.ENGINE_CALLBACK_URL,
    simulatorUrl: raw.SIMULATOR_URL?.replace(/\/+$/, ''),
    simulatorPort: num(raw, 'SIMULATOR_PORT', 0),
    simulatorPushSeconds: num(raw, 'SIMULATOR_PUSH_SECONDS', 60),
    companyIds: raw.ENGINE_COMPANY_IDS?.split(',').map((s) => Number(s.trim())),
    now: raw.ENGINE_NOW ? Date.parse(raw.ENGINE_NOW) : undefined,
    schema: raw.ENGINE_SCHEMA,
    ingestChunk: optionalNum(raw, 'ENGINE_INGEST_CHUNK'),
    crashMidIngest: raw.ENGINE_CRASH_MID_INGEST === '1',
  };
}

/** Reads and checks the configuration; throws a ConfigError naming every variable that is not valid. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Raw = {};
  for (const name of Object.keys(VARIABLES) as Name[]) {
    const value = env[name]?.trim();
    if (value) raw[name] = value;
  }
  const problems = problemsOf(raw);
  if (problems.length > 0) throw new ConfigError(problems);

  const portalUrl = raw.PORTAL_URL ?? `http://localhost:${raw.PORTAL_PORT ?? 8080}`;
  const publicUrl = raw.PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  const dataRoot = raw.PORTAL_DATA_DIR ? path.resolve(raw.PORTAL_DATA_DIR) : path.join(REPO_ROOT, '.data');
  return {
    nodeEnv: raw.NODE_ENV,
    server: serverSettings(raw),
    database: {
      databaseUrl: raw.DATABASE_URL,
      embedded: { dataDir: path.join(dataRoot, 'postgres'), port: num(raw, 'EMBEDDED_PG_PORT', 5433) },
    },
    tokens: {
      // Sliding 12 hours without use, at most 7 days in all (OWASP ASVS 3.3.2, level 2).
      idleMinutes: num(raw, 'TOKEN_IDLE_MINUTES', 12 * 60),
      maxAgeHours: num(raw, 'TOKEN_MAX_AGE_HOURS', 7 * 24),
    },
    publicUrl,
    // Under jest, tests change roles and thresholds straight in the database as another process would.
    authCacheMs: num(raw, 'AUTH_CACHE_MS', raw.NODE_ENV === 'test' ? 0 : 10_000),
    mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM ?? DEFAULT_MAIL_FROM },
    reports: { scheduler: raw.REPORTS_SCHEDULER !== '0', hour: num(raw, 'REPORTS_HOUR', 6), portalUrl },
    etaAlerts: { enabled: raw.ETA_ALERTS !== '0', portalUrl: (publicUrl ?? portalUrl).replace(/\/+$/, '') },
    contact: {
      salesAddress: raw.CONTACT_SALES_EMAIL ?? 'sales@localhost',
      rateLimit: {
        max: num(raw, 'CONTACT_RATE_LIMIT_MAX', 5),
        timeWindowMs: num(raw, 'CONTACT_RATE_LIMIT_WINDOW_MS', 10 * 60_000),
      },
    },
    calendarRateLimitMax: num(raw, 'CALENDAR_RATE_LIMIT_MAX', 60),
    shareLinkRateLimitMax: num(raw, 'SHARE_LINK_RATE_LIMIT_MAX', 60),
    dcsaCallbackRateLimit: {
      max: num(raw, 'DCSA_CALLBACK_RATE_LIMIT_MAX', 300),
      timeWindowMs: num(raw, 'DCSA_CALLBACK_RATE_LIMIT_WINDOW_MS', 60_000),
    },
    xlsxReadTimeoutMs: num(raw, 'XLSX_READ_TIMEOUT_MS', 30_000),
    webhooks: webhookSettings(raw),
    engine: engineSettings(raw),
    freeTime: {
      pollMs: num(raw, 'FREE_TIME_POLL_MS', 2000),
      lanes: Math.min(8, num(raw, 'FREE_TIME_LANES', 2)),
    },
    demoEpochDaysAgo: num(raw, 'DEMO_EPOCH_DAYS_AGO', 60),
    shipmentsCache: {
      enabled: raw.SHIPMENTS_CACHE !== '0',
      maxBytes: num(raw, 'SHIPMENTS_CACHE_MB', defaultCacheMb(raw)) * 1024 * 1024,
    },
    simulator: {
      port: num(raw, 'SIMULATOR_PORT', 8100),
      host: raw.HOST,
      epoch: raw.SIMULATOR_EPOCH ? Date.parse(raw.SIMULATOR_EPOCH) : undefined,
      disruptions: raw.SIMULATOR_DISRUPTIONS === 'none' ? 'none' : 'random',
    },
  };
}
