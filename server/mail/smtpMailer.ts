import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Sends through an SMTP server given as a URL (smtp://user:pass@host:port, smtps://… for TLS).
 * smtp:// upgrades with STARTTLS when the server offers it, except to a loopback sink (a local
 * test or development mailbox) or with `?ignoreTLS=true`, which stay plain.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const plain = !secure && (LOOPBACK.has(url.hostname) || url.searchParams.get('ignoreTLS') === 'true');
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: plain,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    async close() {
      transport.close();
    },
  };
}
