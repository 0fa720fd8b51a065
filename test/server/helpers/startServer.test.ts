import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer } from '../../../server/mail/memoryMailer';
import { backends, type TestDatabase } from './databases';
import { startServer, type StartedServer } from './startServer';

describe.each(backends)('startServer over a real socket on $name', (backend) => {
  let database: TestDatabase;
  let server: StartedServer;
  const mailer = createMemoryMailer();

  beforeAll(async () => {
    database = await backend.open();
    server = await startServer({ db: database.db, mailer });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('listens on 127.0.0.1 and answers the API and the app shell', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true, data: { status: 'OK' } });
    const page = await fetch(`${server.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('npm run build');
  });

  it('mails links that point at the server itself', async () => {
    const token = (await (
      await fetch(`${server.url}/api/tokenize`, { method: 'POST', body: new URLSearchParams({ tokenType: 'register', password: 'Abcdef1!' }) })
    ).json()).data.token as string;
    const { ensureDemoCommunity } = await import('../../../server/db/repositories/communities');
    const community = await ensureDemoCommunity(database.db);
    const query = new URLSearchParams({ email: 'socket@example.com', firstName: 'S', lastName: 'K', passwordToken: token, customTermsAccepted: 'true', communityId: community.id });
    expect((await fetch(`${server.url}/mobile/user/register?${query}`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${server.url}/web/user/password/reset/start?email=socket%40example.com`, { method: 'PUT' })).status).toBe(200);
    expect(mailer.lastTo('socket@example.com')?.text).toContain(`${server.url}/reset-password?emailToken=`);
  });
});
