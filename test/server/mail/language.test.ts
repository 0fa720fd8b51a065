import { describe, expect, it } from 'vitest';
import { mailLanguage } from '../../../server/mail/language';
import { backends } from '../helpers/databases';
import { useHarness, expectOk, uniqueEmail } from '../helpers/harness';

describe('mailLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-419', 'es'],
    ['ES-mx,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,es;q=0.4', 'es'],
    ['fr-FR,de;q=0.5', 'en'],
    ['en;q=0.5,es;q=0.6', 'es'],
    ['es;q=0,en', 'en'],
    ['es;q=0', 'en'],
    ['*', 'en'],
    ['<script>', 'en'],
    ['es;q=abc', 'es'],
    ['x'.repeat(5000), 'en'],
    [['es', 'en'], 'es'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(mailLanguage(header as string | string[] | undefined)).toBe(expected);
  });
});

/** The app sends its language in Accept-Language; mails follow it (English otherwise). */
describe.each(backends)('mail language on $name', (backend) => {
  const h = useHarness(backend, { rateLimits: { resendMinIntervalSeconds: 0 } });

  async function registerIn(language: string | undefined) {
    const email = uniqueEmail();
    const response = await h.call({
      method: 'POST',
      url: '/mobile/user/register',
      headers: language ? { 'accept-language': language } : {},
      query: { email, firstName: 'Ana', lastName: 'Lopez', passwordToken: await h.tokenize(), phone: '', customTermsAccepted: 'true', communityId: h.community.id },
    });
    return { email, auth: expectOk(response) };
  }

  it('writes the verification mail in Spanish when the app asks for es, and the code stays the only 6-digit number', async () => {
    const { email, auth } = await registerIn('es');
    const mail = h.mailer.lastTo(email)!;
    expect(mail.subject).toBe('Tu código de verificación de pips');
    expect(mail.text).toMatch(/^Hola:/);
    expect(mail.text).toContain('Tu código de verificación es ');
    expect(mail.text).toContain('Vence en 10 minutos.');
    expect(mail.text.match(/\b\d{6}\b/g)).toHaveLength(1);
    expectOk(await h.call({ method: 'POST', url: '/mobile/verify', token: auth.authToken, form: { code: h.codeFor(email) } }));
  });

  it('keeps English by default and for other languages', async () => {
    for (const language of [undefined, 'en-GB', 'fr,de;q=0.8']) {
      const { email } = await registerIn(language);
      expect(h.mailer.lastTo(email)?.subject).toBe('Your pips verification code');
    }
  });

  it('resends in the language of the resend request', async () => {
    const { email, auth } = await registerIn('en');
    expectOk(await h.call({ method: 'POST', url: '/mobile/verify', token: auth.authToken, headers: { 'accept-language': 'es-419' }, form: { op: 'resend' } }));
    expect(h.mailer.lastTo(email)?.subject).toBe('Tu código de verificación de pips');
  });

  it('writes the password reset mail in Spanish with the same link', async () => {
    const user = await h.register();
    expectOk(await h.call({ method: 'PUT', url: '/web/user/password/reset/start', headers: { 'accept-language': 'es' }, query: { email: user.email } }));
    const mail = h.mailer.lastTo(user.email)!;
    expect(mail.subject).toBe('Restablece tu contraseña de pips');
    expect(mail.text).toContain('Abre este enlace para elegir una contraseña nueva:');
    expect(mail.text).toMatch(/http:\/\/pips\.test\/reset-password\?emailToken=[A-Za-z0-9_-]+&email=/);
  });
});
