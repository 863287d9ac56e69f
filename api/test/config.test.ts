// The configuration from the environment (src/config.ts): today's defaults, the values read, and one clear error
// naming every bad variable and what it accepts.
import { loadConfig } from '../src/config';
import { configProblems as problems } from './helpers/config-problems';

describe('loadConfig', () => {
  it('has the defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.server).toEqual({
      port: 8000,
      host: '0.0.0.0',
      logLevel: 'info',
      corsOrigins: undefined,
      trustProxy: undefined,
      demoSeed: false,
      engineWorkers: true,
    });
    expect(config.database.databaseUrl).toBeUndefined();
    expect(config.database.embedded.port).toBe(5433);
    expect(config.tokens).toEqual({ idleMinutes: 720, maxAgeHours: 168 });
    expect(config.authCacheMs).toBe(10_000);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.reports).toEqual({ scheduler: true, hour: 6, portalUrl: 'http://localhost:8080' });
    expect(config.etaAlerts).toEqual({ enabled: true, portalUrl: 'http://localhost:8080' });
    expect(config.dcsaCallbackRateLimit).toEqual({ max: 300, timeWindowMs: 60_000 });
    expect(config.webhooks).toEqual({
      worker: true,
      allowPrivate: false,
      settings: { allowPrivate: false },
      workerOverrides: {},
    });
    expect(config.engine.tuning.pollIntervalSeconds).toBe(900);
    expect(config.engine.simulatorPort).toBe(0);
    expect(config.simulator.port).toBe(8100);
    expect(config.freeTime).toEqual({ pollMs: 2000, lanes: 2 });
  });

  it('reads the variables, blank counting as unset', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: ' 9000 ',
      HOST: '',
      TRUST_PROXY: 'loopback',
      CORS_ORIGINS: 'http://a.test, ,http://b.test',
      PUBLIC_URL: 'https://portal.example.com//',
      ENGINE_WORKERS: 'false',
      WEBHOOK_RETRY_HOURS: '2',
      WEBHOOK_WORKER_SETTINGS: '{"leaseSeconds":2}',
      ENGINE_COMPANY_IDS: '3, 4',
      FREE_TIME_LANES: '20',
    });
    expect(config.server).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      trustProxy: 'loopback',
      corsOrigins: ['http://a.test', 'http://b.test'],
      engineWorkers: false,
    });
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.etaAlerts.portalUrl).toBe('https://portal.example.com');
    expect(config.authCacheMs).toBe(0);
    expect(config.webhooks.worker).toBe(false);
    expect(config.webhooks.settings).toEqual({ allowPrivate: false, retryWindowSeconds: 7200 });
    expect(config.webhooks.workerOverrides).toEqual({ leaseSeconds: 2 });
    expect(config.engine.companyIds).toEqual([3, 4]);
    expect(config.freeTime.lanes).toBe(8);
    expect(loadConfig({ TRUST_PROXY: 'true' }).server.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).server.trustProxy).toBe(false);
  });

  it('names every bad variable and what it accepts', () => {
    expect(
      problems({
        PORT: 'eighty',
        REPORTS_HOUR: '24',
        ETA_ALERTS: 'false',
        DATABASE_URL: 'localhost:5432',
        ENGINE_NOW: 'yesterday',
        WEBHOOK_WORKER_SETTINGS: '[1]',
      }).sort(),
    ).toEqual([
      'DATABASE_URL="localhost:5432": expected an absolute URL (scheme://…)',
      'ENGINE_NOW="yesterday": expected a date and time (ISO 8601)',
      'ETA_ALERTS="false": expected 0 (off) or 1 (on)',
      'PORT="eighty": expected a port number',
      'REPORTS_HOUR="24": expected an hour of the day, 0 to 23 (UTC)',
      'WEBHOOK_WORKER_SETTINGS="[1]": expected a JSON object of webhook worker options',
    ]);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(
      'Invalid configuration:\n  LOG_LEVEL="loud": expected fatal, error, warn, info, debug, trace or silent',
    );
  });
});
