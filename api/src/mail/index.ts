export { createMailer, mailerFromEnv, DEFAULT_MAIL_FROM } from './mailer';
export type { MailMessage, Mailer, MailerOptions } from './mailer';
