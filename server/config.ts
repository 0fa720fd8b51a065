import envSchema from 'env-schema';

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

/** A database URL without its user and password, to print: host, port and database name (the CLI, npm start's messages). */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

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
  /** How often a server looks for due Chance to Win draws; 0: only at start and from the CLI. */
  drawIntervalSeconds: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  verificationCodeTtlSeconds: number;
  /** Maximum wrong tries for one verification code; then a resend is needed. */
  verificationMaxAttempts: number;
  /** Life of tokenize tokens (password, change-password, qr tokens). */
  oneTimeTokenTtlSeconds: number;
  /** Life of the e-mailed password reset token. */
  resetTokenTtlSeconds: number;
  /** Idempotency keys older than this are pruned (default 7 days). */
  idempotencyKeyMaxAgeSeconds: number;
  /** How often the pruning job runs; 0 turns it off (default hourly). */
  idempotencyPruneIntervalSeconds: number;
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
  /** Web Push VAPID keys (base64url); when unset, a pair is generated on first start and kept in the database. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** The VAPID subject (mailto: or https:); default: mailto: the address of MAIL_FROM. */
  vapidSubject?: string;
  /** Seconds between two runs of the push queue; 0 stops the worker (tests run it by hand). */
  pushPollSeconds: number;
  /** Tests only: accept plain-http push endpoints on a loopback address (a local stand-in push service). */
  pushAllowInsecureEndpoint: boolean;
  /**
   * How the server logs: `json` (one JSON object per line with the request id, for production),
   * `short` (a readable line per warning, error and 5xx answer, for the demo), `off`.
   * Default: json when NODE_ENV=production, short otherwise.
   */
  logFormat: LogFormat;
  /** Redis for the rate limits' counters (shared by every instance); unset: the database keeps them. */
  redisUrl?: string;
  /** The prefix of every Redis key (several deployments may share one Redis). */
  redisKeyPrefix: string;
  /** Web origins (scheme://host[:port]) whose pages may call the API from the browser (CORS); none by default. */
  corsOrigins: string[];
  /**
   * A LibreTranslate-compatible machine-translation server (POST {url}/translate), asked by
   * POST /api/translate for content the operator did not write in the member's language; unset: none.
   */
  translateUrl?: string;
  /** Its API key, sent as `api_key` when set. */
  translateApiKey?: string;
  /** How long /api/translate waits for it before answering the original text. */
  translateTimeoutMs: number;
}

export type LogFormat = 'json' | 'short' | 'off';

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
    drawIntervalSeconds: 30,
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
    verificationCodeTtlSeconds: 10 * 60,
    verificationMaxAttempts: 5,
    oneTimeTokenTtlSeconds: 10 * 60,
    resetTokenTtlSeconds: 60 * 60,
    scryptCost: 16384,
    idempotencyKeyMaxAgeSeconds: 7 * 24 * 3600,
    idempotencyPruneIntervalSeconds: 3600,
    oidcProviders: [],
    oidcAllowInsecureIssuer: false,
    pushPollSeconds: 5,
    pushAllowInsecureEndpoint: false,
    logFormat: 'off',
    corsOrigins: [],
    redisKeyPrefix: 'pips:rl:',
    translateTimeoutMs: 5000,
    ...rest,
    rateLimits: { ...defaultRateLimits, ...rateLimits },
  };
}

type Env = Record<string, string | undefined>;

const BOOLEAN_WORDS = ['1', '0', 'true', 'false', 'yes', 'no', 'TRUE', 'FALSE', 'True', 'False', 'YES', 'NO', 'Yes', 'No'];
const booleanText = { type: 'string', enum: BOOLEAN_WORDS };
const integerIn = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
/** `max/windowSeconds`, e.g. 10/900. */
const limitText = { type: 'string', pattern: '^\\s*\\d+/\\d+\\s*$' };

/** The name of a rate limit's variable: loginPerAccount -> RATE_LIMIT_LOGIN_PER_ACCOUNT. */
const rateLimitVariable = (key: keyof RateLimits) => `RATE_LIMIT_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * Every environment variable the server reads, as a JSON schema (env-schema validates and
 * converts it; the configuration table of docs/operating.md lists the same names). Unset and empty
 * variables take the defaults below.
 */
export const ENV_SCHEMA = {
  type: 'object',
  properties: {
    PORT: integerIn(0, 65535),
    HOST: { type: 'string', minLength: 1 },
    PUBLIC_URL: { type: 'string' },
    DATABASE_URL: { type: 'string' },
    DATA_DIR: { type: 'string', minLength: 1 },
    SMTP_URL: { type: 'string' },
    MAIL_FROM: { type: 'string', minLength: 1 },
    STATIC_DIR: { type: 'string', minLength: 1 },
    TRUST_PROXY: booleanText,
    BODY_LIMIT_BYTES: integerIn(1024, 50 * 1024 * 1024),
    CTW_DRAW_INTERVAL_SECONDS: integerIn(0, 24 * 3600),
    ACCESS_TOKEN_TTL_SECONDS: integerIn(1, 7 * 24 * 3600),
    REFRESH_TOKEN_TTL_SECONDS: integerIn(60, 365 * 24 * 3600),
    SCRYPT_COST: integerIn(1024, 1 << 20),
    IDEMPOTENCY_KEY_MAX_AGE_SECONDS: integerIn(60, 365 * 24 * 3600),
    IDEMPOTENCY_PRUNE_INTERVAL_SECONDS: integerIn(0, 7 * 24 * 3600),
    OIDC_ALLOW_INSECURE_ISSUER: booleanText,
    VAPID_PUBLIC_KEY: { type: 'string', pattern: '^[A-Za-z0-9_-]{80,100}$' },
    VAPID_PRIVATE_KEY: { type: 'string', pattern: '^[A-Za-z0-9_-]{40,50}$' },
    VAPID_SUBJECT: { type: 'string', pattern: '^(mailto:|https://).+' },
    PUSH_POLL_SECONDS: integerIn(0, 3600),
    PUSH_ALLOW_INSECURE_ENDPOINT: booleanText,
    LOG_FORMAT: { type: 'string', enum: ['json', 'short', 'off'] },
    NODE_ENV: { type: 'string' },
    CORS_ORIGINS: { type: 'string' },
    REDIS_URL: { type: 'string', pattern: '^rediss?://' },
    REDIS_KEY_PREFIX: { type: 'string', minLength: 1, maxLength: 64 },
    TRANSLATE_URL: { type: 'string', pattern: '^https?://' },
    TRANSLATE_API_KEY: { type: 'string' },
    TRANSLATE_TIMEOUT_MS: integerIn(100, 60000),
    ...Object.fromEntries(
      (Object.keys(OIDC_DEFAULTS) as OidcProviderId[]).flatMap((id) =>
        ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].map((part) => [`OIDC_${id.toUpperCase()}_${part}`, { type: 'string' }]),
      ),
    ),
    ...Object.fromEntries(
      (Object.keys({ ...defaultRateLimits }) as (keyof RateLimits)[]).map((key) => [
        rateLimitVariable(key),
        key === 'resendMinIntervalSeconds' ? integerIn(0, 86400) : limitText,
      ]),
    ),
  },
} as const;

/** The environment after validation: numbers are numbers, everything else text. */
type ParsedEnv = Record<string, string | number | undefined>;

/**
 * Reads the configuration from environment variables. Throws with a readable message naming
 * the variable when a value is malformed.
 */
export function loadConfig(env: Env = process.env): Config {
  // Only the variables of the schema, and an empty one counts as unset.
  const data: Record<string, string> = {};
  for (const name of Object.keys(ENV_SCHEMA.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') data[name] = value;
  }
  let parsed: ParsedEnv;
  try {
    parsed = envSchema({ schema: structuredClone(ENV_SCHEMA) as unknown as Record<string, unknown>, data, env: false, dotenv: false }) as ParsedEnv;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`invalid configuration: ${message.replace(/env\//g, '')} (see the configuration table in docs/operating.md)`, { cause: error });
  }
  const text = (name: string) => (typeof parsed[name] === 'string' ? (parsed[name] as string) : undefined);
  const number = (name: string, fallback: number) => (typeof parsed[name] === 'number' ? (parsed[name] as number) : fallback);

  const port = number('PORT', 8080);
  const rateLimits: RateLimits = { ...defaultRateLimits };
  for (const key of Object.keys(defaultRateLimits) as (keyof RateLimits)[]) {
    const name = rateLimitVariable(key);
    if (key === 'resendMinIntervalSeconds') {
      rateLimits.resendMinIntervalSeconds = number(name, defaultRateLimits.resendMinIntervalSeconds);
      continue;
    }
    const raw = text(name);
    if (raw === undefined) continue;
    const [max, windowSeconds] = raw.trim().split('/').map(Number);
    rateLimits[key] = { max, windowSeconds: Math.max(1, windowSeconds) };
  }
  const publicUrl = (text('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL (got "${env.PUBLIC_URL}")`);
  }
  const scryptCost = number('SCRYPT_COST', 16384);
  if ((scryptCost & (scryptCost - 1)) !== 0) throw new Error(`SCRYPT_COST must be a power of two between 1024 and 1048576 (got ${scryptCost})`);
  return makeConfig({
    port,
    host: text('HOST') ?? '127.0.0.1',
    databaseUrl: text('DATABASE_URL'),
    dataDir: text('DATA_DIR') ?? './data',
    smtpUrl: text('SMTP_URL'),
    mailFrom: text('MAIL_FROM') ?? 'pips <no-reply@pips.localhost>',
    publicUrl,
    staticDir: text('STATIC_DIR') ?? './dist',
    trustProxy: isTrue(text('TRUST_PROXY')),
    bodyLimitBytes: number('BODY_LIMIT_BYTES', 256 * 1024),
    drawIntervalSeconds: number('CTW_DRAW_INTERVAL_SECONDS', 30),
    accessTokenTtlSeconds: number('ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlSeconds: number('REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600),
    scryptCost,
    idempotencyKeyMaxAgeSeconds: number('IDEMPOTENCY_KEY_MAX_AGE_SECONDS', 7 * 24 * 3600),
    idempotencyPruneIntervalSeconds: number('IDEMPOTENCY_PRUNE_INTERVAL_SECONDS', 3600),
    rateLimits,
    ...oidcFromEnv(text),
    ...vapidFromEnv(text),
    pushPollSeconds: number('PUSH_POLL_SECONDS', 5),
    pushAllowInsecureEndpoint: isTrue(text('PUSH_ALLOW_INSECURE_ENDPOINT')),
    logFormat: (text('LOG_FORMAT') as LogFormat | undefined) ?? (text('NODE_ENV') === 'production' ? 'json' : 'short'),
    corsOrigins: corsOriginsFromEnv(text('CORS_ORIGINS')),
    redisUrl: text('REDIS_URL'),
    redisKeyPrefix: text('REDIS_KEY_PREFIX') ?? 'pips:rl:',
    translateUrl: text('TRANSLATE_URL')?.replace(/\/+$/, ''),
    translateApiKey: text('TRANSLATE_API_KEY'),
    translateTimeoutMs: number('TRANSLATE_TIMEOUT_MS', 5000),
  });
}

/**
 * CORS_ORIGINS: a comma-separated list of web origins (https://app.example.org); each must be an
 * origin and nothing more (no path, no wildcard), so a typo never opens the API to every site.
 */
function corsOriginsFromEnv(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`CORS_ORIGINS: "${entry}" is not an origin such as https://app.example.org`);
      }
      const originOnly = url.pathname === '/' && !url.search && !url.hash && !url.username && !entry.includes('*');
      if (url.origin === 'null' || !originOnly || !/^https?:$/.test(url.protocol)) {
        throw new Error(`CORS_ORIGINS: "${entry}" must be an http(s) origin only (scheme://host[:port], no path or wildcard)`);
      }
      const origin = url.origin;
      return origin;
    });
}

const isTrue = (word: string | undefined) => word !== undefined && /^(1|true|yes)$/i.test(word);

/**
 * OIDC_<PROVIDER>_ISSUER / _CLIENT_ID / _CLIENT_SECRET for google and apple, and
 * OIDC_ALLOW_INSECURE_ISSUER. A provider needs both its client id and secret; half a
 * configuration is an error, so a typo does not silently hide the button.
 */
function oidcFromEnv(text: (name: string) => string | undefined): Pick<Config, 'oidcProviders' | 'oidcAllowInsecureIssuer'> {
  const allowInsecure = isTrue(text('OIDC_ALLOW_INSECURE_ISSUER'));
  const providers: OidcProviderConfig[] = [];
  for (const id of Object.keys(OIDC_DEFAULTS) as OidcProviderId[]) {
    const prefix = `OIDC_${id.toUpperCase()}`;
    const clientId = text(`${prefix}_CLIENT_ID`)?.trim() || '';
    const clientSecret = text(`${prefix}_CLIENT_SECRET`)?.trim() || '';
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      throw new Error(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    }
    const issuer = (text(`${prefix}_ISSUER`)?.trim() || OIDC_DEFAULTS[id].issuer).replace(/\/+$/, '');
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

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (half a pair is an error); VAPID_SUBJECT alone is fine. */
function vapidFromEnv(text: (name: string) => string | undefined): Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey' | 'vapidSubject'> {
  const publicKey = text('VAPID_PUBLIC_KEY');
  const privateKey = text('VAPID_PRIVATE_KEY');
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  return { vapidPublicKey: publicKey, vapidPrivateKey: privateKey, vapidSubject: text('VAPID_SUBJECT') };
}
