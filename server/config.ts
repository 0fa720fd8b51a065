/**
 * Server configuration, read once from the environment by `main.ts` and passed to `buildApp`.
 * Tests build a Config with `makeConfig(overrides)` instead of touching process.env.
 */

/** A fixed-window limit: at most `max` events per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** Failed logins per account (e-mail). */
  loginPerAccount: Limit;
  /** Failed logins per client address. */
  loginPerAddress: Limit;
  /** Wrong verification codes per account (on top of the 5 tries per code). */
  verifyPerAccount: Limit;
  /** Wrong verification codes per client address. */
  verifyPerAddress: Limit;
  /** Verification mails (registration + resends) per account. */
  resendPerAccount: Limit;
  /** Minimum seconds between two verification mails to one account. */
  resendMinIntervalSeconds: number;
  /** Password reset mails per e-mail address. */
  resetPerEmail: Limit;
  /** Password reset requests per client address. */
  resetPerAddress: Limit;
  /** E-mail existence checks per client address. */
  emailExistsPerAddress: Limit;
  /** Token requests (each hashes a password) per client address. */
  tokenizePerAddress: Limit;
  /** Google / Apple sign-ins started per client address (each stores a state row). */
  oidcStartPerAddress: Limit;
  /** Coarse flood guard per client address for every request (in memory, per instance); max 0 disables it. */
  requestsPerAddress: Limit;
}

/** The sign-in providers the server knows (openapi.yaml `OidcProviderId`). */
export type OidcProviderId = 'google' | 'apple';

/** One configured OpenID Connect provider (Google or Apple sign-in). */
export interface OidcProviderConfig {
  id: OidcProviderId;
  /** Shown on the button: "Continue with <name>". */
  name: string;
  /** Issuer identifier; its discovery document is fetched on first use. */
  issuer: string;
  clientId: string;
  /** Google: the client secret. Apple: the client secret JWT signed with the team's key. */
  clientSecret: string;
}

export const OIDC_DEFAULTS: Record<OidcProviderId, { name: string; issuer: string }> = {
  google: { name: 'Google', issuer: 'https://accounts.google.com' },
  apple: { name: 'Apple', issuer: 'https://appleid.apple.com' },
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Whether an issuer URL points at this machine (a test or development provider). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; without it the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string;
  dataDir: string;
  /** SMTP connection URL (smtp://user:pass@host:port); without it mail is printed to the console. */
  smtpUrl?: string;
  mailFrom: string;
  /** Public origin of the app, used in links sent by mail (no trailing slash). */
  publicUrl: string;
  /** Folder with the built PWA (`npm run build`). */
  staticDir: string;
  /** Trust X-Forwarded-For from a reverse proxy when deciding the client address. */
  trustProxy: boolean;
  bodyLimitBytes: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  verificationCodeTtlSeconds: number;
  /** Maximum wrong tries for one verification code; then a resend is needed. */
  verificationMaxAttempts: number;
  /** Life of tokenize tokens (password, change-password, qr tokens). */
  oneTimeTokenTtlSeconds: number;
  /** Life of the e-mailed password reset token. */
  resetTokenTtlSeconds: number;
  /** scrypt cost N (a power of two). Tests lower it for speed. */
  scryptCost: number;
  rateLimits: RateLimits;
  /** Google / Apple sign-in; a provider is listed only when its client id and secret are set. */
  oidcProviders: OidcProviderConfig[];
  /**
   * Lets openid-client talk plain http to an issuer, which is only ever honoured for loopback
   * issuers (the tests' local provider). Production issuers are https.
   */
  oidcAllowInsecureIssuer: boolean;
}

export const defaultRateLimits: RateLimits = {
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 50, windowSeconds: 15 * 60 },
  verifyPerAccount: { max: 10, windowSeconds: 15 * 60 },
  verifyPerAddress: { max: 50, windowSeconds: 15 * 60 },
  resendPerAccount: { max: 5, windowSeconds: 60 * 60 },
  resendMinIntervalSeconds: 30,
  resetPerEmail: { max: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 20, windowSeconds: 60 * 60 },
  emailExistsPerAddress: { max: 30, windowSeconds: 60 },
  tokenizePerAddress: { max: 30, windowSeconds: 60 },
  oidcStartPerAddress: { max: 30, windowSeconds: 60 },
  requestsPerAddress: { max: 600, windowSeconds: 60 },
};

export function makeConfig(overrides: Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<RateLimits> } = {}): Config {
  const port = overrides.port ?? 8080;
  const { rateLimits, ...rest } = overrides;
  return {
    port,
    host: '127.0.0.1',
    dataDir: './data',
    mailFrom: 'pips <no-reply@pips.localhost>',
    publicUrl: `http://localhost:${port}`,
    staticDir: './dist',
    trustProxy: false,
    bodyLimitBytes: 256 * 1024,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    verificationCodeTtlSeconds: 10 * 60,
    verificationMaxAttempts: 5,
    oneTimeTokenTtlSeconds: 10 * 60,
    resetTokenTtlSeconds: 60 * 60,
    scryptCost: 16384,
    oidcProviders: [],
    oidcAllowInsecureIssuer: false,
    ...rest,
    rateLimits: { ...defaultRateLimits, ...rateLimits },
  };
}

type Env = Record<string, string | undefined>;

/**
 * Reads the configuration from environment variables. Throws with a readable message naming
 * the variable when a value is malformed.
 */
export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const rateLimits: RateLimits = { ...defaultRateLimits };
  for (const key of Object.keys(defaultRateLimits) as (keyof RateLimits)[]) {
    const name = `RATE_LIMIT_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    if (key === 'resendMinIntervalSeconds') {
      rateLimits.resendMinIntervalSeconds = integer(env, name, 30, 0, 86400);
    } else {
      const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
      if (!match) throw new Error(`${name} must look like MAX/WINDOW_SECONDS, e.g. 10/900 (got "${raw}")`);
      rateLimits[key] = { max: Number(match[1]), windowSeconds: Math.max(1, Number(match[2])) };
    }
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL (got "${env.PUBLIC_URL}")`);
  }
  return makeConfig({
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'pips <no-reply@pips.localhost>',
    publicUrl,
    staticDir: env.STATIC_DIR || './dist',
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 256 * 1024, 1024, 50 * 1024 * 1024),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 1, 7 * 24 * 3600),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 60, 365 * 24 * 3600),
    scryptCost: powerOfTwo(env, 'SCRYPT_COST', 16384),
    rateLimits,
    ...oidcFromEnv(env),
  });
}

/**
 * OIDC_<PROVIDER>_ISSUER / _CLIENT_ID / _CLIENT_SECRET for google and apple, and
 * OIDC_ALLOW_INSECURE_ISSUER. A provider needs both its client id and secret; half a
 * configuration is an error, so a typo does not silently hide the button.
 */
function oidcFromEnv(env: Env): Pick<Config, 'oidcProviders' | 'oidcAllowInsecureIssuer'> {
  const allowInsecure = boolean(env, 'OIDC_ALLOW_INSECURE_ISSUER', false);
  const providers: OidcProviderConfig[] = [];
  for (const id of Object.keys(OIDC_DEFAULTS) as OidcProviderId[]) {
    const prefix = `OIDC_${id.toUpperCase()}`;
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim() || '';
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim() || '';
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      throw new Error(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    }
    const issuer = (env[`${prefix}_ISSUER`]?.trim() || OIDC_DEFAULTS[id].issuer).replace(/\/+$/, '');
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      throw new Error(`${prefix}_ISSUER must be an absolute URL (got "${issuer}")`);
    }
    if (url.protocol !== 'https:') {
      const loopback = url.protocol === 'http:' && isLoopbackUrl(issuer);
      if (!loopback || !allowInsecure) {
        throw new Error(
          `${prefix}_ISSUER must be https (got "${issuer}"); plain http is allowed only for a loopback test issuer with OIDC_ALLOW_INSECURE_ISSUER=true`,
        );
      }
    }
    providers.push({ id, name: OIDC_DEFAULTS[id].name, issuer, clientId, clientSecret });
  }
  return { oidcProviders: providers, oidcAllowInsecureIssuer: allowInsecure };
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function powerOfTwo(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback, 1024, 1 << 20);
  if ((value & (value - 1)) !== 0) throw new Error(`${name} must be a power of two between 1024 and 1048576 (got ${value})`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false (got "${raw}")`);
}
