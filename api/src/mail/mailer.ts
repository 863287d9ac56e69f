// The API's one way to send e-mail: a nodemailer SMTP transport built from SMTP_URL
// (smtp://user:pass@host:port, smtps:// for implicit TLS). Used by the contact form and, later, by the
// scheduled reports. Small on purpose: build it, send a message, close it.
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Defaults to the mailer's `from`. */
  from?: string;
  attachments?: Array<{ filename: string; content: Buffer | string; contentType?: string }>;
}

export interface Mailer {
  /** Resolves with the SMTP server's message id once the server accepted the message; rejects otherwise. */
  send(message: MailMessage): Promise<string>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL of the server. */
  smtpUrl: string;
  /** Sender address of every message unless a message says otherwise. */
  from: string;
  /** Connection and greeting timeout in ms (default 10 s): a dead server fails fast and is retried later. */
  timeoutMs?: number;
}

export function createMailer(options: MailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  const url = new URL(options.smtpUrl);
  const local = ['localhost', '127.0.0.1', '::1'].includes(url.hostname);
  const transport: Transporter<SMTPTransport.SentMessageInfo> = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
    // A local development server (maildev) speaks plain SMTP; elsewhere STARTTLS is used when offered.
    ignoreTLS: local && url.protocol === 'smtp:',
  } satisfies SMTPTransport.Options);
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, from: message.from ?? options.from });
      return String(info.messageId ?? '');
    },
    close() {
      transport.close();
    },
  };
}

/** The mailer configured by SMTP_URL and MAIL_FROM (config.ts), or null when SMTP_URL is not set. */
export function mailerFromConfig(mail: { smtpUrl?: string; from: string }): Mailer | null {
  return mail.smtpUrl ? createMailer({ smtpUrl: mail.smtpUrl, from: mail.from }) : null;
}
