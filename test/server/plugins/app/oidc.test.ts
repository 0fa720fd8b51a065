import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../../../server/security/tokens';
import { startOidcProvider, type LocalOidcProvider, type TestAccount } from '../../../e2e/support/oidcProvider';
import { freePort } from '../../../e2e/support/serverProcess';
import { backends } from '../../helpers/databases';
import { call, createHarness, expectFailure, expectOk, uniqueEmail, type Harness } from '../../helpers/harness';

const PUBLIC_URL = 'http://pips.test';
const google = { clientId: 'pips-google', clientSecret: 'google-secret-0123456789' };
const apple = { clientId: 'pips-apple', clientSecret: 'apple-secret-0123456789' };

/** Where the provider sent the browser back: a GET with a query, or Apple's auto-submitted form. */
type ProviderAnswer = { kind: 'get'; url: URL } | { kind: 'post'; url: URL; fields: Record<string, string> };

/**
 * Plays the browser at the provider: follows redirects with a cookie jar until the provider
 * sends the browser back to pips (a redirect, or a form_post page).
 */
async function throughProvider(authorizationUrl: string): Promise<ProviderAnswer> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      const [name, value] = [pair.slice(0, index).trim(), pair.slice(index + 1).trim()];
      if (value && !/expires=Thu, 01 Jan 1970/i.test(header)) jar.set(name, value);
      else jar.delete(name);
    }
    const location = response.headers.get('location');
    if (!location) {
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
      if (response.status === 200 && action) {
        const fields = Object.fromEntries(
          [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)].map((m) => [m[1], decode(m[2])]),
        );
        return { kind: 'post', url: new URL(decode(action)), fields };
      }
      throw new Error(`the provider stopped at ${response.status}: ${html.slice(0, 300)}`);
    }
    const next = new URL(location, url);
    if (next.origin === PUBLIC_URL) return { kind: 'get', url: next };
    url = next;
  }
  throw new Error('too many redirects at the provider');
}

const decode = (html: string) =>
  html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

const cookieOf = (setCookie: unknown) => {
  const header = Array.isArray(setCookie) ? setCookie.join('\n') : String(setCookie ?? '');
  return /pips_oidc=([^;]*)/.exec(header)?.[1] ?? '';
};

describe.each(backends)('Google and Apple sign-in on $name', (backend) => {
  let provider: LocalOidcProvider;
  let h: Harness;
  let account: TestAccount;

  beforeAll(async () => {
    const port = await freePort();
    provider = await startOidcProvider({
      port,
      clients: [
        { ...google, redirectUris: [`${PUBLIC_URL}/web/auth/google/callback`] },
        { ...apple, redirectUris: [`${PUBLIC_URL}/web/auth/apple/callback`] },
      ],
      account: { sub: 'nobody' },
    });
    h = await createHarness(backend, {
      publicUrl: PUBLIC_URL,
      oidcAllowInsecureIssuer: true,
      oidcProviders: [
        { id: 'google', name: 'Google', issuer: provider.issuer, ...google },
        { id: 'apple', name: 'Apple', issuer: provider.issuer, ...apple },
      ],
      rateLimits: { oidcStartPerAddress: { max: 0, windowSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });
  beforeEach(async () => {
    await h.reset();
    account = { sub: `sub-${uniqueEmail('g')}`, email: uniqueEmail('oidc'), email_verified: true, given_name: 'Grace', family_name: 'Hopper' };
    provider.signInAs(account);
  });
  afterEach(() => {
    expect(h.violations).toEqual([]);
  });

  async function start(id: 'google' | 'apple' = 'google', returnTo?: string, app: FastifyInstance = h.app) {
    const response = await call(app, { url: `/web/auth/${id}/start`, query: { returnTo } });
    expect(response.status, response.text).toBe(302);
    return { location: String(response.headers.location), cookie: cookieOf(response.headers['set-cookie']), response };
  }

  /** The app URL the callback redirects to, as a URL. */
  async function callback(answer: ProviderAnswer, cookie: string | undefined, headers: Record<string, string> = {}) {
    let url = answer.url;
    if (answer.kind === 'post') {
      const posted = await h.call({ method: 'POST', url: url.pathname, form: answer.fields });
      expect(posted.status, posted.text).toBe(303);
      url = new URL(String(posted.headers.location), PUBLIC_URL);
    }
    const response = await h.call({
      url: url.pathname + url.search,
      headers: { ...(cookie === undefined ? {} : { cookie: `pips_oidc=${cookie}` }), ...headers },
    });
    expect(response.status, response.text).toBe(302);
    expect(String(response.headers['set-cookie'])).toMatch(/pips_oidc=; Path=\/web\/auth\/; Max-Age=0/);
    return new URL(String(response.headers.location));
  }

  /** A whole sign-in up to the app's /auth/callback; returns the ticket. */
  async function signIn(id: 'google' | 'apple' = 'google', extra: Record<string, string> = {}) {
    const { location, cookie } = await start(id);
    const answer = await throughProvider(location);
    if (answer.kind === 'post') Object.assign(answer.fields, extra);
    const landing = await callback(answer, cookie);
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC_URL}/auth/callback`);
    const ticket = landing.searchParams.get('ticket');
    expect(ticket, landing.href).toBeTruthy();
    return ticket!;
  }

  const session = (ticket: string) => h.call({ method: 'POST', url: '/web/auth/oidc/session', form: { ticket } });
  const register = (form: Record<string, string | undefined>, headers: Record<string, string> = {}) =>
    h.call({ method: 'POST', url: '/web/auth/oidc/register', form, headers });
  const complete = (ticket: string, more: Record<string, string> = {}) =>
    register({ ticket, communityId: h.community.id, customTermsAccepted: 'true', dayOfBirth: '1990-05-01', ...more });

  it('lists the configured providers only', async () => {
    expect(expectOk(await h.call({ url: '/web/auth/providers' }))).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'apple', name: 'Apple' },
      ],
    });
    const bare = await h.buildApp({ oidcProviders: [] });
    expect(expectOk(await call(bare, { url: '/web/auth/providers' }))).toEqual({ providers: [] });
    expectFailure(await call(bare, { url: '/web/auth/google/start' }), 404, 'PROVIDER_NOT_CONFIGURED');
  });

  it('starts with a redirect carrying PKCE (S256), state and nonce, kept server-side and bound to the browser', async () => {
    const { location, cookie, response } = await start('google', '/rewards');
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${PUBLIC_URL}/web/auth/google/callback`,
      code_challenge_method: 'S256',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state.length).toBeGreaterThanOrEqual(32);
    expect(params.nonce.length).toBeGreaterThanOrEqual(32);
    expect(params.response_mode).toBeUndefined();

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^pips_oidc=[A-Za-z0-9_-]{43}; Path=\/web\/auth\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    expect(cookie).toHaveLength(43);

    const row = await h.db.selectFrom('one_time_tokens').selectAll().where('type', '=', 'oidcState').executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(params.state));
    expect(row.payload).toMatchObject({ provider: 'google', returnTo: '/rewards', nonce: params.nonce, binding: hashToken(cookie) });
    expect(JSON.stringify(row.payload)).not.toContain(params.state);
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);

    const appleStart = new URL((await start('apple')).location);
    expect(appleStart.searchParams.get('response_mode')).toBe('form_post');
    expect(appleStart.searchParams.get('scope')).toBe('openid email name');
  });

  it('refuses bad start requests in the envelope', async () => {
    expectFailure(await h.call({ url: '/web/auth/github/start' }), 400, 'VALIDATION_ERROR');
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'home', '/a b']) {
      expectFailure(await h.call({ url: '/web/auth/google/start', query: { returnTo } }), 400, 'VALIDATION_ERROR');
    }
  });

  it('refuses a callback with a bad, replayed or foreign state, or without the browser cookie', async () => {
    const { location, cookie } = await start();
    const answer = await throughProvider(location);
    expect(answer.kind).toBe('get');
    const url = (answer as { url: URL }).url;
    const withState = (state: string | null) => {
      const bent = new URL(url);
      if (state === null) bent.searchParams.delete('state');
      else bent.searchParams.set('state', state);
      return { kind: 'get' as const, url: bent };
    };
    const errorOf = async (a: ProviderAnswer, c: string | undefined) => (await callback(a, c)).searchParams.get('error');

    expect(await errorOf(withState('made-up-state-0123456789'), cookie)).toBe('OIDC_STATE_INVALID');
    expect(await errorOf(withState(null), cookie)).toBe('OIDC_STATE_INVALID');
    expect(await errorOf(answer, undefined)).toBe('OIDC_STATE_INVALID');
    expect(await errorOf(answer, 'another-browsers-cookie-000000000000000000')).toBe('OIDC_STATE_INVALID');
    // The state used on another provider's callback is refused too.
    const elsewhere = new URL(url);
    elsewhere.pathname = '/web/auth/apple/callback';
    expect(await errorOf({ kind: 'get', url: elsewhere }, cookie)).toBe('OIDC_STATE_INVALID');

    // The refused tries did not use the state up: the right browser still signs in, once.
    const landing = await callback(answer, cookie);
    expect(landing.searchParams.get('ticket')).toBeTruthy();
    expect(await errorOf(answer, cookie)).toBe('OIDC_STATE_INVALID');
  });

  it('says when the person declined at the provider, and when the code is not good', async () => {
    const first = await start();
    const state = new URL(first.location).searchParams.get('state')!;
    const declined = new URL(`${PUBLIC_URL}/web/auth/google/callback`);
    declined.search = new URLSearchParams({ error: 'access_denied', state }).toString();
    expect((await callback({ kind: 'get', url: declined }, first.cookie)).searchParams.get('error')).toBe('OIDC_CANCELLED');

    const second = await start();
    const forged = new URL(`${PUBLIC_URL}/web/auth/google/callback`);
    forged.search = new URLSearchParams({ code: 'forged-code', state: new URL(second.location).searchParams.get('state')!, iss: provider.issuer }).toString();
    expect((await callback({ kind: 'get', url: forged }, second.cookie)).searchParams.get('error')).toBe('OIDC_FAILED');
  });

  it('first sign-in needs the signup, which needs the community and the terms; the second signs straight in', async () => {
    const ticket = await signIn();
    const first = expectOk(await session(ticket));
    expect(first).toEqual({
      outcome: 'needsSignup',
      provider: 'google',
      email: account.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      ticket: expect.any(String),
    });
    expectFailure(await session(ticket), 400, 'INVALID_TOKEN');

    // Every refusal leaves the signup ticket usable.
    expectFailure(await register({ ticket: first.ticket, communityId: h.community.id, customTermsAccepted: 'false' }), 400, 'TERMS_NOT_ACCEPTED');
    expectFailure(await register({ ticket: first.ticket, communityId: h.community.id }), 400, 'VALIDATION_ERROR');
    expectFailure(await register({ ticket: first.ticket, communityId: 'no-such-community', customTermsAccepted: 'true' }), 400, 'COMMUNITY_NOT_FOUND');
    expectFailure(await complete(first.ticket, { dayOfBirth: '2015-01-01' }), 400, 'UNDERAGE_WITHOUT_CONSENT');
    expectFailure(await complete('not-a-ticket-0123456789'), 400, 'INVALID_TOKEN');

    const auth = expectOk(await complete(first.ticket, { phone: '+1 555 0100' }));
    expect(auth).toMatchObject({ userId: expect.any(Number), isVerified: true, status: 'OK' });
    expectFailure(await complete(first.ticket), 400, 'INVALID_TOKEN');
    expect(h.mailer.sent).toEqual([]);

    const user = expectOk(await h.call({ url: '/mobile/user/get', token: auth.authToken }));
    expect(user).toMatchObject({ email: account.email, firstName: 'Grace', lastName: 'Hopper', phone: '+1 555 0100', isVerified: true, communityId: h.community.id, dayOfBirth: '1990-05-01', hasPassword: false });
    const row = await h.db.selectFrom('users').select(['password_hash', 'is_verified']).where('id', '=', auth.userId).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    const identity = await h.db.selectFrom('identities').selectAll().executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'google', subject: account.sub, user_id: auth.userId, email: account.email });

    // No password: a password login fails cleanly.
    expectFailure(await h.login(account.email!, 'Any-passw0rd!'), 401, 'INVALID_CREDENTIALS');
    expectFailure(await h.login(account.email!, ''), 400, 'VALIDATION_ERROR');

    const second = expectOk(await session(await signIn()));
    expect(second).toMatchObject({ outcome: 'signedIn', email: account.email, auth: { userId: auth.userId, isVerified: true, status: 'OK' } });
    expectOk(await h.call({ url: '/mobile/dashboard', token: second.auth.authToken }));
    expect(provider.logins.filter((sub) => sub === account.sub)).toHaveLength(2);
  });

  it('takes names from the form when given, and needs one from somewhere', async () => {
    provider.signInAs({ ...account, given_name: undefined, family_name: undefined });
    const first = expectOk(await session(await signIn()));
    expect(first).toMatchObject({ firstName: '', lastName: '' });
    expectFailure(await complete(first.ticket), 400, 'VALIDATION_ERROR');
    const auth = expectOk(await complete(first.ticket, { firstName: 'Ada', lastName: 'Byron' }));
    expect(expectOk(await h.call({ url: '/mobile/user/get', token: auth.authToken }))).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
  });

  it('registers an address the provider does not vouch for as unverified, and mails the code in the language asked for', async () => {
    provider.signInAs({ ...account, email_verified: false });
    const first = expectOk(await session(await signIn()));
    const auth = expectOk(await register({ ticket: first.ticket, communityId: h.community.id, customTermsAccepted: 'true' }, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' }));
    expect(auth.isVerified).toBe(false);
    const mail = h.mailer.lastTo(account.email!);
    expect(mail?.subject).toBe('Tu código de verificación de pips');
    expectOk(await h.call({ method: 'POST', url: '/mobile/verify', token: auth.authToken, form: { code: h.codeFor(account.email!) } }));
  });

  it('counts an account as verified once its provider vouches for the address', async () => {
    provider.signInAs({ ...account, email_verified: false });
    const first = expectOk(await session(await signIn()));
    expect(expectOk(await complete(first.ticket)).isVerified).toBe(false);
    expect(expectOk(await session(await signIn()))).toMatchObject({ outcome: 'signedIn', auth: { isVerified: false } });
    provider.signInAs({ ...account, email_verified: true });
    const later = expectOk(await session(await signIn()));
    expect(later).toMatchObject({ outcome: 'signedIn', auth: { isVerified: true } });
    expectOk(await h.call({ url: '/mobile/dashboard', token: later.auth.authToken }));
  });

  it('links to an existing password account when the provider vouches for its e-mail, and only then', async () => {
    const member = await h.register({ email: account.email });
    const linked = expectOk(await session(await signIn()));
    expect(linked).toMatchObject({ outcome: 'signedIn', auth: { userId: member.userId, isVerified: true } });
    // The provider verified the address, so the account counts as verified; the password still works.
    expect(expectOk(await h.login(member.email, member.password))).toMatchObject({ userId: member.userId, isVerified: true });
    expect(expectOk(await session(await signIn()))).toMatchObject({ outcome: 'signedIn', auth: { userId: member.userId } });

    const other = await h.register();
    provider.signInAs({ sub: `sub-${other.email}`, email: other.email.toUpperCase(), email_verified: false, given_name: 'Eve' });
    expectFailure(await session(await signIn()), 409, 'EMAIL_TAKEN');
    expect(await h.db.selectFrom('identities').select('user_id').where('user_id', '=', other.userId).execute()).toEqual([]);
  });

  it('lets an account without a password delete itself without a password token; a new sign-in then starts over', async () => {
    const first = expectOk(await session(await signIn()));
    const auth = expectOk(await complete(first.ticket));
    expectOk(await h.call({ method: 'DELETE', url: '/mobile/user', token: auth.authToken }));
    expectFailure(await h.call({ url: '/mobile/user/get', token: auth.authToken }), 401, 'UNAUTHORIZED');
    expect(await h.db.selectFrom('identities').selectAll().execute()).toEqual([]);
    expect(expectOk(await session(await signIn()))).toMatchObject({ outcome: 'needsSignup', email: account.email });
  });

  it("handles Apple's form_post, keeping the name Apple sends once", async () => {
    provider.signInAs({ sub: account.sub, email: account.email, email_verified: true });
    const user = JSON.stringify({ name: { firstName: 'Tim', lastName: 'Apple' }, email: account.email });
    const ticket = await signIn('apple', { user });
    expect(expectOk(await session(ticket))).toMatchObject({ outcome: 'needsSignup', provider: 'apple', firstName: 'Tim', lastName: 'Apple' });
    // Unknown fields are refused like everywhere else.
    expectFailure(await h.call({ method: 'POST', url: '/web/auth/apple/callback', form: { state: 'x', admin: '1' } }), 400, 'VALIDATION_ERROR');
  });

  it('brings the path asked for back to the app', async () => {
    const { location, cookie } = await start('google', '/rewards?tab=mine');
    const landing = await callback(await throughProvider(location), cookie);
    expect(landing.searchParams.get('returnTo')).toBe('/rewards?tab=mine');
    expect(landing.searchParams.get('ticket')).toBeTruthy();
  });

  it('sends the browser back to the app with PROVIDER_UNAVAILABLE when discovery fails', async () => {
    const deadPort = await freePort();
    const offline = await h.buildApp({
      oidcAllowInsecureIssuer: true,
      oidcProviders: [{ id: 'google', name: 'Google', issuer: `http://127.0.0.1:${deadPort}`, ...google }],
    });
    const response = await call(offline, { url: '/web/auth/google/start' });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/auth/callback?error=PROVIDER_UNAVAILABLE`);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('never talks plain http to an issuer it was not allowed to', async () => {
    const strict = await h.buildApp({ oidcAllowInsecureIssuer: false });
    const response = await call(strict, { url: '/web/auth/google/start' });
    expect(response.headers.location).toBe(`${PUBLIC_URL}/auth/callback?error=PROVIDER_UNAVAILABLE`);
  });
});
