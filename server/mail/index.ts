import type { Config } from '../config';
import { createConsoleMailer } from './consoleMailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtpMailer';

export type { Mailer, MailMessage } from './mailer';

/** SMTP when SMTP_URL is set, otherwise the console outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createConsoleMailer();
}
