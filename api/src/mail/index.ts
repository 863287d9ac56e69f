export { createMailer, mailerFromEnv } from './mailer';
export type { Mailer } from './mailer';
