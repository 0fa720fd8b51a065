import { describe, expect, it } from 'vitest';
import { defaultRateLimits, loadConfig, makeConfig } from '../../server/config';

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      staticDir: './dist',
      publicUrl: 'http://localhost:8080',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      trustProxy: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.rateLimits).toEqual(defaultRateLimits);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_DIR: '/var/pips',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'x <x@example.com>',
      PUBLIC_URL: 'https://pips.example.org/',
      STATIC_DIR: '/srv/pips',
      TRUST_PROXY: 'true',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3/60',
      RATE_LIMIT_RESEND_MIN_INTERVAL_SECONDS: '5',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      dataDir: '/var/pips',
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'x <x@example.com>',
      publicUrl: 'https://pips.example.org',
      staticDir: '/srv/pips',
      trustProxy: true,
      accessTokenTtlSeconds: 60,
    });
    expect(config.rateLimits.loginPerAccount).toEqual({ max: 3, windowSeconds: 60 });
    expect(config.rateLimits.resendMinIntervalSeconds).toBe(5);
    expect(config.rateLimits.loginPerAddress).toEqual(defaultRateLimits.loginPerAddress);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, /ACCESS_TOKEN_TTL_SECONDS/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ RATE_LIMIT_LOGIN_PER_ADDRESS: 'ten' }, /RATE_LIMIT_LOGIN_PER_ADDRESS/],
    [{ SCRYPT_COST: '1000' }, /SCRYPT_COST/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('configures Google and Apple sign-in from the environment, each only with its client id and secret', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
    const config = loadConfig({
      OIDC_GOOGLE_CLIENT_ID: 'g-id',
      OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_APPLE_ISSUER: 'https://appleid.example/',
      OIDC_APPLE_CLIENT_ID: 'a-id',
      OIDC_APPLE_CLIENT_SECRET: 'a-jwt',
    });
    expect(config.oidcProviders).toEqual([
      { id: 'google', name: 'Google', issuer: 'https://accounts.google.com', clientId: 'g-id', clientSecret: 'g-secret' },
      { id: 'apple', name: 'Apple', issuer: 'https://appleid.example', clientId: 'a-id', clientSecret: 'a-jwt' },
    ]);
    expect(config.oidcAllowInsecureIssuer).toBe(false);
    expect(loadConfig({ OIDC_APPLE_ISSUER: 'https://appleid.example' }).oidcProviders).toEqual([]);
  });

  it('allows a plain-http issuer only on loopback, and only when told to', () => {
    const local = { OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:4000', OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 's' };
    expect(() => loadConfig(local)).toThrow(/OIDC_GOOGLE_ISSUER must be https/);
    expect(loadConfig({ ...local, OIDC_ALLOW_INSECURE_ISSUER: 'true' }).oidcProviders[0].issuer).toBe('http://127.0.0.1:4000');
    expect(() => loadConfig({ ...local, OIDC_GOOGLE_ISSUER: 'http://idp.example.org', OIDC_ALLOW_INSECURE_ISSUER: 'true' })).toThrow(
      /OIDC_GOOGLE_ISSUER must be https/,
    );
  });

  it.each([
    [{ OIDC_GOOGLE_CLIENT_ID: 'only-the-id' }, /OIDC_GOOGLE_CLIENT_ID and OIDC_GOOGLE_CLIENT_SECRET/],
    [{ OIDC_APPLE_CLIENT_SECRET: 'only-the-secret' }, /OIDC_APPLE_CLIENT_ID and OIDC_APPLE_CLIENT_SECRET/],
    [{ OIDC_GOOGLE_ISSUER: 'nope', OIDC_GOOGLE_CLIENT_ID: 'i', OIDC_GOOGLE_CLIENT_SECRET: 's' }, /OIDC_GOOGLE_ISSUER/],
    [{ OIDC_ALLOW_INSECURE_ISSUER: 'sometimes' }, /OIDC_ALLOW_INSECURE_ISSUER/],
  ])('refuses a half or broken sign-in configuration %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the Web Push settings: a VAPID pair together, the subject, the queue interval', () => {
    const pair = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(loadConfig(pair)).toMatchObject({ vapidPublicKey: pair.VAPID_PUBLIC_KEY, vapidPrivateKey: pair.VAPID_PRIVATE_KEY, pushPollSeconds: 5 });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/set together/);
    expect(() => loadConfig({ ...pair, VAPID_SUBJECT: 'http://x' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ PUSH_POLL_SECONDS: '0', PUSH_ALLOW_INSECURE_ENDPOINT: 'true' })).toMatchObject({ pushPollSeconds: 0, pushAllowInsecureEndpoint: true });
    expect(loadConfig({}).pushAllowInsecureEndpoint).toBe(false);
  });

  it('makeConfig merges rate limit overrides with the defaults', () => {
    const config = makeConfig({ rateLimits: { loginPerAccount: { max: 1, windowSeconds: 1 } } });
    expect(config.rateLimits.loginPerAccount).toEqual({ max: 1, windowSeconds: 1 });
    expect(config.rateLimits.verifyPerAccount).toEqual(defaultRateLimits.verifyPerAccount);
  });

  it('logs short lines by default, JSON in production, and what LOG_FORMAT says', () => {
    expect(loadConfig({}).logFormat).toBe('short');
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'short' }).logFormat).toBe('short');
    expect(loadConfig({ LOG_FORMAT: 'off' }).logFormat).toBe('off');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('allows cross-origin calls only from the origins listed in CORS_ORIGINS, and refuses anything but an origin', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://app.example.org, http://localhost:5173/ ' }).corsOrigins).toEqual([
      'https://app.example.org',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS: "\*"/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://*.example.org' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.org/members' })).toThrow(/origin only/);
    expect(() => loadConfig({ CORS_ORIGINS: 'app.example.org' })).toThrow(/not an origin/);
    expect(() => loadConfig({ CORS_ORIGINS: 'ftp://app.example.org' })).toThrow(/http\(s\) origin/);
  });
});
