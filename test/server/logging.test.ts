import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { LogFormat } from '../../server/config';
import { ensureDemoCommunity } from '../../server/db/repositories/communities';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../server/db/index';
import { createMemoryMailer, type MemoryMailer } from '../../server/mail/memoryMailer';
import { call, testConfig, TEST_PASSWORD, uniqueEmail } from './helpers/harness';
import { migratedPgliteTemplate } from './helpers/pgliteTemplate';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Logged {
  app: FastifyInstance;
  database: OpenedDatabase;
  mailer: MemoryMailer;
  lines: string[];
  communityId: string;
}

let open: Logged | null = null;
afterEach(async () => {
  await open?.app.close();
  await open?.database.close().catch(() => undefined);
  open = null;
});

async function loggedApp(logFormat: LogFormat): Promise<Logged> {
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
  await migrateToLatest(database.db);
  const community = await ensureDemoCommunity(database.db);
  const mailer = createMemoryMailer();
  const lines: string[] = [];
  const app = await buildApp({
    db: database.db,
    mailer,
    config: testConfig({ logFormat }),
    logSink: { write: (line) => lines.push(line) },
  });
  open = { app, database, mailer, lines, communityId: community.id };
  return open;
}

/**
 * A member's whole sign-up and sign-in, with every secret the server sees on the way: the password,
 * the password token, the mailed code, the auth and refresh tokens. Returns them.
 */
async function signUpAndIn({ app, mailer, communityId }: Logged) {
  const email = uniqueEmail('logs');
  const tokenized = await call(app, { method: 'POST', url: '/api/tokenize', form: { tokenType: 'register', password: TEST_PASSWORD } });
  const passwordToken = tokenized.body.data.token as string;
  const registered = await call(app, {
    method: 'POST',
    url: '/mobile/user/register',
    query: { email, firstName: 'Ana', lastName: 'Lopez', passwordToken, phone: '', customTermsAccepted: 'true', communityId },
  });
  expect(registered.status).toBe(200);
  const code = /\b(\d{6})\b/.exec(mailer.lastTo(email)!.text)![1];
  const verified = await call(app, { method: 'POST', url: '/mobile/verify', token: registered.body.data.authToken, form: { code } });
  expect(verified.status).toBe(200);
  const login = await call(app, { method: 'POST', url: '/mobile/login', form: { email, pwd: TEST_PASSWORD } });
  expect(login.status).toBe(200);
  const refreshed = await call(app, { method: 'POST', url: '/mobile/session/refresh', form: { refreshToken: login.body.data.refreshToken } });
  expect(refreshed.status).toBe(200);
  const wrong = await call(app, { method: 'POST', url: '/mobile/login', form: { email, pwd: 'Wrong-Password-9!' } });
  expect(wrong.status).toBe(401);
  return {
    secrets: [
      TEST_PASSWORD,
      'Wrong-Password-9!',
      passwordToken,
      code,
      registered.body.data.authToken as string,
      login.body.data.authToken as string,
      login.body.data.refreshToken as string,
      refreshed.body.data.refreshToken as string,
      refreshed.body.data.authToken as string,
    ],
    authToken: login.body.data.authToken as string,
  };
}

describe('request ids', () => {
  it('answers every call with an X-Request-Id: the proxy’s when it looks like one, otherwise a new UUID', async () => {
    const { app } = await loggedApp('off');
    const given = await call(app, { url: '/health', headers: { 'x-request-id': 'edge-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('edge-7f3a.42');

    const fresh = await call(app, { url: '/mobile/user/get' });
    expect(fresh.status).toBe(401);
    expect(fresh.headers['x-request-id']).toMatch(UUID);

    const hostile = await call(app, { url: '/health', headers: { 'x-request-id': 'a b\u00e9<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(UUID);
    const second = await call(app, { url: '/health' });
    expect(second.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
  });
});

describe('JSON logs (production)', () => {
  it('writes one JSON line per request with its id, and never a password, token or code', async () => {
    const logged = await loggedApp('json');
    const { secrets, authToken } = await signUpAndIn(logged);
    await call(logged.app, { url: '/mobile/user/get', token: authToken, headers: { 'x-request-id': 'trace-me-1' } });
    // Tokens ride in the query string of some calls: the logged URL keeps only the path.
    await call(logged.app, { method: 'PUT', url: '/mobile/user/password', query: { token: secrets[2] }, token: authToken });

    const entries = logged.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(8);
    for (const entry of completed) expect(entry.reqId).toEqual(expect.any(String));
    expect(entries.filter((e) => e.reqId === 'trace-me-1').map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
    expect(entries.find((e) => e.reqId === 'trace-me-1' && e.msg === 'request completed')).toMatchObject({ res: { statusCode: 200 } });

    const all = logged.lines.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/authorization/i);
  });
});

describe('short logs (the demo)', () => {
  it('stays quiet through a whole sign-up, sign-in and typo', async () => {
    const logged = await loggedApp('short');
    const { authToken } = await signUpAndIn(logged);
    await call(logged.app, { url: '/mobile/dashboard', token: authToken });
    await call(logged.app, { url: '/no/such/route' });
    expect(logged.lines).toEqual([]);
  });

  it('writes one readable line for an answer the server failed, with its request id, and no secret', async () => {
    const logged = await loggedApp('short');
    const { secrets, authToken } = await signUpAndIn(logged);
    // The database goes away under the running server.
    await logged.database.close();
    const failed = await call(logged.app, { url: '/mobile/dashboard', token: authToken, headers: { 'x-request-id': 'broken-1' } });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.body).toMatchObject({ success: false });

    const text = logged.lines.join('');
    expect(text).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d WARN ${failed.status} GET /mobile/dashboard \\d+ ms \\(req broken-1\\)$`, 'm'));
    for (const line of logged.lines.filter((l) => !l.startsWith('    at ') && !l.includes('\n    at '))) {
      expect(line).toMatch(/^\d\d:\d\d:\d\d (WARN|ERROR) /);
    }
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
