export { createMailer, mailerFromConfig } from './mailer';
export type { Mailer } from './mailer';
