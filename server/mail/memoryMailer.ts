import type { Mailer, MailMessage } from './mailer';

/** Keeps every mail in memory; tests read `sent` (or `lastTo`) instead of a mailbox. */
export interface MemoryMailer extends Mailer {
  readonly sent: MailMessage[];
  /** The newest mail to `to`, if any. */
  lastTo(to: string): MailMessage | undefined;
  /** Makes the next sends fail (true) or succeed again (false). */
  failWith(error: Error | null): void;
  clear(): void;
}

export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  let failure: Error | null = null;
  return {
    sent,
    async send(message) {
      if (failure) throw failure;
      sent.push({ ...message });
    },
    lastTo(to) {
      const address = to.toLowerCase();
      for (let i = sent.length - 1; i >= 0; i--) if (sent[i].to.toLowerCase() === address) return sent[i];
      return undefined;
    },
    failWith(error) {
      failure = error;
    },
    clear() {
      sent.length = 0;
    },
  };
}
