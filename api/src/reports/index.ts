// Scheduled reports and alert digests, started with the API when mail can be sent (SMTP_URL) unless
// REPORTS_SCHEDULER=0. Registered by app.ts; tests drive runs.ts and scheduler.ts directly.
import type { FastifyPluginAsync } from 'fastify';
import { mailerFromConfig, type Mailer } from '../mail';
import { startReportScheduler, type ReportSchedulerOptions } from './scheduler';

export interface ReportsPluginOptions {
  /** A mailer (tests); default from SMTP_URL. null: no scheduler. */
  mailer?: Mailer | null;
  scheduler?: Partial<ReportSchedulerOptions>;
}

export const reports: FastifyPluginAsync<ReportsPluginOptions> = async (app, opts) => {
  const env = app.config.env;
  if (!env.reports.scheduler) return;
  const mailer = opts.mailer === undefined ? mailerFromConfig(env.mail) : opts.mailer;
  if (!mailer) {
    app.log.warn('SMTP_URL is not set: scheduled reports and alert digests are not sent.');
    return;
  }
  const scheduler = await startReportScheduler(
    { db: app.db, mailer, log: (m) => app.log.warn(m) },
    { hour: env.reports.hour, portalUrl: env.reports.portalUrl, ...opts.scheduler },
  );
  app.addHook('onClose', async () => scheduler.stop());
};
