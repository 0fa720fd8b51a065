import type { Mailer, MailMessage } from './mailer';

/**
 * The development outbox: prints each whole mail to stdout so a local user can read the
 * verification code or reset link without an SMTP server. Never exposed over HTTP.
 */
export function createConsoleMailer(write: (text: string) => void = (text) => process.stdout.write(text)): Mailer {
  return {
    async send(message: MailMessage) {
      const rule = '-'.repeat(72);
      write(
        [rule, `OUTBOX  to: ${message.to}`, `subject: ${message.subject}`, '', message.text.trimEnd(), rule, ''].join('\n'),
      );
    },
  };
}
