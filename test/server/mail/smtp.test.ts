import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createMailer } from '../../../server/mail/index';
import { createConsoleMailer } from '../../../server/mail/consoleMailer';
import { backends } from '../helpers/databases';
import { call, createHarness, expectOk, testConfig, uniqueEmail, type Harness } from '../helpers/harness';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP sink on a free port that keeps every message. */
async function startSink(): Promise<{ url: string; messages: Received[]; close(): Promise<void> }> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // STARTTLS stays advertised (self-signed): a loopback sink must still work in plain text.
    disabledCommands: ['AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undo quoted-printable soft breaks and escapes, enough to read a plain-text mail body. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe.each(backends)('mail over real SMTP on $name', (backend) => {
  let h: Harness;
  let sink: Awaited<ReturnType<typeof startSink>>;

  beforeAll(async () => {
    sink = await startSink();
    h = await createHarness(backend);
  });
  afterAll(async () => {
    await h.close();
    await sink.close();
  });

  it('delivers the verification code and the reset link through nodemailer', async () => {
    const config = testConfig({ smtpUrl: sink.url, mailFrom: 'pips <no-reply@pips.test>' });
    const mailer = createMailer(config);
    const app = await buildApp({ db: h.db, mailer, config });
    try {
      const email = uniqueEmail('smtp');
      const password = 'Sm7p-password!';
      const token = expectOk(await call(app, { method: 'POST', url: '/api/tokenize', form: { tokenType: 'register', password } })).token;
      const auth = expectOk(
        await call(app, {
          method: 'POST',
          url: '/mobile/user/register',
          query: { email, firstName: 'Sam', lastName: 'Tp', passwordToken: token, customTermsAccepted: 'true', communityId: h.community.id, phone: '' },
        }),
      );
      expect(sink.messages).toHaveLength(1);
      const [message] = sink.messages;
      expect(message.to).toEqual([email]);
      expect(message.from).toBe('no-reply@pips.test');
      expect(message.raw).toMatch(/^Subject: Your pips verification code/m);
      const code = /\b(\d{6})\b/.exec(decodeQuotedPrintable(message.raw.split(/\r?\n\r?\n/).slice(1).join('\n')))?.[1];
      expect(code).toBeDefined();
      expectOk(await call(app, { method: 'POST', url: '/mobile/verify', token: auth.authToken, form: { code: code! } }));

      expectOk(await call(app, { method: 'PUT', url: '/web/user/password/reset/start', query: { email } }));
      expect(sink.messages).toHaveLength(2);
      const body = decodeQuotedPrintable(sink.messages[1].raw);
      expect(body).toContain(`http://pips.test/reset-password?emailToken=`);
      expect(body).toContain(`&email=${encodeURIComponent(email)}`);
    } finally {
      await app.close();
      await mailer.close?.();
    }
  });
});

describe('console outbox', () => {
  it('prints the whole mail', async () => {
    const lines: string[] = [];
    const mailer = createConsoleMailer((text) => lines.push(text));
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Your verification code is 123456' });
    const printed = lines.join('');
    expect(printed).toContain('to: a@example.com');
    expect(printed).toContain('subject: Hello');
    expect(printed).toContain('Your verification code is 123456');
  });

  it('is what createMailer gives without SMTP_URL', () => {
    expect(createMailer({ mailFrom: 'x <x@example.com>' })).not.toHaveProperty('close');
    expect(createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', mailFrom: 'x <x@example.com>' })).toHaveProperty('close');
  });
});
