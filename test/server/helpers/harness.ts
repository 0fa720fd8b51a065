import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ContractViolation } from '../../../server/app';
import { makeConfig, type Config, type RateLimits } from '../../../server/config';
import { ensureDemoCommunity } from '../../../server/db/repositories/communities';
import type { Community } from '../../../server/db/schema';
import { createMemoryMailer, type MemoryMailer } from '../../../server/mail/memoryMailer';
import { createTestClock, type TestClock } from './clock';
import { emptyTables, type Backend, type TestDatabase } from './databases';

export const TEST_PASSWORD = 'Sup3r-secret!';

type ConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<RateLimits> };

const OFF = { max: 0, windowSeconds: 60 };

/**
 * Config for tests: cheap scrypt, a public URL to find in mails, no built PWA, and the
 * per-address request limits off (every injected request comes from 127.0.0.1). The account
 * limits (login, verify, resend) keep their real defaults.
 */
export function testConfig(overrides: ConfigOverrides = {}): Config {
  const { rateLimits, ...rest } = overrides;
  return makeConfig({
    scryptCost: 1024,
    publicUrl: 'http://pips.test',
    staticDir: '/nonexistent/pips-dist',
    // The push queue runs when a test asks (app.announcements.pushNow()), not on a timer.
    pushPollSeconds: 0,
    ...rest,
    rateLimits: {
      requestsPerAddress: OFF,
      tokenizePerAddress: OFF,
      emailExistsPerAddress: OFF,
      resetPerAddress: OFF,
      ...rateLimits,
    },
  });
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';
  url: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | number | undefined>;
  json?: unknown;
  /** Raw Authorization header value. */
  token?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
  body?: string;
}

export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

const clean = (values: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));

/** One request through app.inject, with the envelope parsed. */
export async function call(app: FastifyInstance, options: CallOptions): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: string | undefined = options.body;
  if (options.form) {
    payload = new URLSearchParams(clean(options.form)).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    payload = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token !== undefined) headers.authorization = options.token;
  const query = options.query ? `?${new URLSearchParams(clean(options.query)).toString()}` : '';
  const response = await app.inject({
    method: options.method ?? 'GET',
    url: options.url + query,
    headers,
    payload,
    remoteAddress: options.remoteAddress,
  });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, body, headers: response.headers, text: response.body };
}

export interface TestUser {
  email: string;
  password: string;
  userId: number;
  authToken: string;
  refreshToken: string;
}

export interface RegisterOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  dayOfBirth?: string;
  guardianConsent?: string;
  customTermsAccepted?: string;
  communityId?: string;
}

export interface Harness {
  app: FastifyInstance;
  db: TestDatabase['db'];
  kind: TestDatabase['kind'];
  mailer: MemoryMailer;
  config: Config;
  clock: TestClock;
  /** Responses that broke their openapi.yaml schema since the last reset. */
  violations: ContractViolation[];
  /** The demo community (recreated by reset). */
  community: Community;
  call(options: CallOptions): Promise<CallResult>;
  /** Empties the database, the mailbox and the clock offset; recreates the demo community. */
  reset(): Promise<void>;
  /** Another app on the same database, mailer and clock, with other config (closed by close()). */
  buildApp(overrides?: ConfigOverrides): Promise<FastifyInstance>;
  tokenize(password?: string): Promise<string>;
  /** Registers through the API; throws unless it succeeds. */
  register(options?: RegisterOptions): Promise<TestUser>;
  /** The 6-digit code of the newest verification mail to `email`. */
  codeFor(email: string): string;
  /** Registers and verifies. */
  registerVerified(options?: RegisterOptions): Promise<TestUser>;
  login(email: string, password: string, remoteAddress?: string): Promise<CallResult>;
  /** A confirmPassword token of the user (tokenize); throws unless it succeeds. */
  confirmPassword(user: Pick<TestUser, 'authToken' | 'password'>): Promise<string>;
  /** DELETE /mobile/user with a fresh password confirmation (the two steps of the app). */
  deleteAccount(user: Pick<TestUser, 'authToken' | 'password'>): Promise<CallResult>;
  close(): Promise<void>;
}

let counter = 0;
/** A unique, valid e-mail address. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${Date.now()}.${++counter}@example.com`;

export async function createHarness(backend: Backend, overrides: ConfigOverrides = {}): Promise<Harness> {
  const database = await backend.open();
  const mailer = createMemoryMailer();
  const clock = createTestClock();
  const violations: ContractViolation[] = [];
  const extraApps: FastifyInstance[] = [];
  const config = testConfig(overrides);
  const build = (c: Config) =>
    buildApp({ db: database.db, mailer, config: c, now: clock.now, onContractViolation: (v) => violations.push(v) });
  const app = await build(config);

  const harness: Harness = {
    app,
    db: database.db,
    kind: database.kind,
    mailer,
    config,
    clock,
    violations,
    community: await ensureDemoCommunity(database.db),
    call: (options) => call(app, options),
    async reset() {
      await emptyTables(database.db);
      mailer.clear();
      mailer.failWith(null);
      clock.reset();
      violations.length = 0;
      harness.community = await ensureDemoCommunity(database.db);
    },
    async buildApp(more = {}) {
      const extra = await build(testConfig({ ...overrides, ...more, rateLimits: { ...overrides.rateLimits, ...more.rateLimits } }));
      extraApps.push(extra);
      return extra;
    },
    async tokenize(password = TEST_PASSWORD) {
      const response = await call(app, { method: 'POST', url: '/api/tokenize', form: { tokenType: 'register', password } });
      if (response.status !== 200) throw new Error(`tokenize failed: ${response.text}`);
      return response.body.data.token as string;
    },
    async register(options = {}) {
      const email = options.email ?? uniqueEmail();
      const password = options.password ?? TEST_PASSWORD;
      const response = await call(app, {
        method: 'POST',
        url: '/mobile/user/register',
        query: {
          email,
          firstName: options.firstName ?? 'Ana',
          lastName: options.lastName ?? 'Lopez',
          passwordToken: await harness.tokenize(password),
          phone: options.phone ?? '',
          dayOfBirth: options.dayOfBirth,
          guardianConsent: options.guardianConsent,
          customTermsAccepted: options.customTermsAccepted ?? 'true',
          communityId: options.communityId ?? harness.community.id,
        },
      });
      if (response.status !== 200) throw new Error(`register failed: ${response.text}`);
      const data = response.body.data;
      return { email: email.toLowerCase(), password, userId: data.userId, authToken: data.authToken, refreshToken: data.refreshToken };
    },
    codeFor(email) {
      const mail = mailer.lastTo(email);
      const match = mail ? /\b(\d{6})\b/.exec(mail.text) : null;
      if (!match) throw new Error(`no verification mail to ${email}`);
      return match[1];
    },
    async registerVerified(options = {}) {
      const user = await harness.register(options);
      const response = await call(app, {
        method: 'POST',
        url: '/mobile/verify',
        token: user.authToken,
        form: { code: harness.codeFor(user.email) },
      });
      if (response.status !== 200) throw new Error(`verify failed: ${response.text}`);
      return user;
    },
    login(email, password, remoteAddress) {
      return call(app, { method: 'POST', url: '/mobile/login', form: { email, pwd: password }, remoteAddress });
    },
    async confirmPassword(user) {
      const response = await call(app, {
        method: 'POST',
        url: '/api/tokenize',
        token: user.authToken,
        form: { tokenType: 'confirmPassword', password: user.password },
      });
      if (response.status !== 200) throw new Error(`confirmPassword failed: ${response.text}`);
      return response.body.data.token as string;
    },
    async deleteAccount(user) {
      const passwordToken = await harness.confirmPassword(user);
      return call(app, { method: 'DELETE', url: '/mobile/user', token: user.authToken, query: { passwordToken } });
    },
    async close() {
      for (const extra of extraApps) await extra.close();
      await app.close();
      await database.close();
    },
  };
  return harness;
}

/** Asserts the envelope of a failure and its code; returns the body. */
export function expectFailure(response: CallResult, status: number, code: string) {
  const summary = `${response.status} ${response.text}`;
  if (response.status !== status || response.body?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${summary}`);
  }
  if (response.body.success !== false || response.body.status !== 'ERROR' || response.body.data !== null) {
    throw new Error(`not a failure envelope: ${summary}`);
  }
  return response.body;
}

/** Asserts a success envelope; returns its data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function expectOk(response: CallResult): any {
  if (response.status !== 200 || response.body?.success !== true || response.body.status !== 'OK' || response.body.error !== null) {
    throw new Error(`expected a success envelope, got ${response.status} ${response.text}`);
  }
  return response.body.data;
}

/**
 * The set-up every server test file shares, inside its `describe.each(backends)`: one harness for
 * the file (built before, closed after), reset before each test, and no contract violation after
 * each. Returns the harness; its properties are read from the live one, so it can be used right
 * away in helpers declared next to the tests.
 */
export function useHarness(backend: Backend, overrides: ConfigOverrides = {}): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await createHarness(backend, overrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(async () => {
    await current!.reset();
  });
  afterEach(() => {
    expect(current!.violations).toEqual([]);
  });
  return new Proxy({} as Harness, {
    get(_, property) {
      if (!current) throw new Error('useHarness: the harness is built in beforeAll; use it inside tests and hooks');
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
    set(_, property, value) {
      return Reflect.set(current!, property, value);
    },
  });
}

/** A 1x1 PNG, base64 (an image upload the server accepts). */
export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
