import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../server/db/index';
import { createMemoryMailer } from '../../server/mail/memoryMailer';
import { isDatabaseUnreachable } from '../../server/plugins/app/errorHandler';
import { testConfig } from './helpers/harness';
import { runsOn } from './helpers/databases';

const url = process.env.TEST_DATABASE_URL;

/** A TCP proxy in front of PostgreSQL that the test can cut (every connection dropped, none accepted) and restore. */
async function startProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as AddressInfo).port;
  };
  await listen();
  return {
    port: () => port,
    async cut() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise((resolve) => server!.close(resolve));
    },
    restore: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server?.listening) await new Promise((resolve) => server!.close(resolve));
    },
  };
}

/**
 * The database goes away for a few seconds: calls answer a clear 503 SERVICE_UNAVAILABLE
 * envelope with Retry-After (never a bare 500), /ready says so, /health still answers, and
 * once the database is back the server answers again by itself.
 */
describe.skipIf(!runsOn('postgres'))('PostgreSQL unreachable for a while', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let database: OpenedDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const target = new URL(url!);
    proxy = await startProxy(target);
    const viaProxy = new URL(url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port());
    database = await openDatabase({ url: viaProxy.toString(), schema, maxConnections: 3 });
    await migrateToLatest(database.db);
    app = await buildApp({ db: database.db, mailer: createMemoryMailer(), config: testConfig({}) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After while it is gone, and recovers by itself', async () => {
    const lookup = () => app.inject({ url: '/web/community/no-such-community' });
    expect((await lookup()).statusCode).toBe(404);
    await proxy.cut();
    for (const request of [
      { method: 'GET' as const, url: '/web/community/no-such-community' },
      { method: 'POST' as const, url: '/mobile/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a%40example.org&pwd=x' },
      { method: 'GET' as const, url: '/mobile/user/get', headers: { authorization: 'a'.repeat(43) } },
    ]) {
      const answer = await app.inject(request);
      expect(answer.statusCode, request.url).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ status: 'ERROR', success: false, data: null, error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await lookup()).statusCode, { timeout: 10_000 }).toBe(404);
    expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
  });
});

describe('isDatabaseUnreachable', () => {
  it('tells unreachable errors from other ones', () => {
    expect(isDatabaseUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
  });
});
