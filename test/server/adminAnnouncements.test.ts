import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../server/admin';
import { createCommunity } from '../../server/db/repositories/communities';
import { startPushService, type PushServiceStandIn } from '../support/pushService';
import { backends } from './helpers/databases';
import { createHarness, expectOk, type Harness } from './helpers/harness';

describe.each(backends)('admin CLI announcements on $name', (backend) => {
  let h: Harness;
  let service: PushServiceStandIn;
  beforeAll(async () => {
    h = await createHarness(backend, { pushAllowInsecureEndpoint: true });
    service = await startPushService();
  });
  afterAll(async () => {
    await service.close();
    await h.close();
  });

  async function run(...argv: string[]) {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: h.db, publicUrl: 'http://pips.test', out: (line) => lines.push(line) });
    return { code, output: lines.join('\n') };
  }

  it('creates announcements in en and es with a link, lists them, pushes them and deletes them', async () => {
    const community = await createCommunity(h.db, 'Announce test');
    const member = await h.registerVerified({ communityId: community.id });
    const subscription = service.subscribe();
    expectOk(
      await h.call({
        method: 'POST',
        url: '/mobile/device/identifier/set',
        token: member.authToken,
        headers: { 'accept-language': 'es' },
        form: { identifier: JSON.stringify(subscription.json), platform: 'ios' },
      }),
    );
    const created = await run(
      'announcement:create', '--community', community.id, '--title', 'Trivia night', '--title-es', 'Noche de trivia',
      '--text', 'Join at 8', '--text-es', 'Únete a las 8', '--link', '/earn', '--push',
    );
    expect(created.code).toBe(0);
    const id = Number(/#(\d+)/.exec(created.output)?.[1]);
    expect(created.output).toContain('push: queued for 1 member with a subscribed browser');
    const before = service.received.length;
    expect(await h.app.announcements.pushNow()).toMatchObject({ sent: 1 });
    expect(JSON.parse(service.received[before].text)).toMatchObject({ announcementId: id, title: 'Noche de trivia', body: 'Únete a las 8', link: '/earn' });

    const listed = expectOk(await h.call({ url: '/mobile/announcements', token: member.authToken, headers: { 'accept-language': 'es' } }));
    expect(listed.announcements).toEqual([expect.objectContaining({ id, title: 'Noche de trivia', url: '/earn', status: 2 })]);

    const list = await run('announcement:list', '--community', community.id);
    expect(list.output).toContain(`#${id}  ${community.id}`);
    expect(list.output).toContain('"Trivia night" (en+es)  link /earn  read 0  deleted 0  pushed 1');
    const status = await run('push:status');
    expect(status.output).toContain(`${community.id}: 1 browser(s) of 1 member(s)`);
    expect(status.output).toContain('sent: ');

    expect((await run('announcement:delete', '--id', String(id))).output).toBe(`Deleted announcement #${id}`);
    expect(expectOk(await h.call({ url: '/mobile/announcements', token: member.authToken })).announcements).toEqual([]);
    await expect(run('announcement:delete', '--id', String(id))).rejects.toBeInstanceOf(UsageError);
  });

  it('refuses an announcement without a title or text, or with a link outside the app', async () => {
    const community = await createCommunity(h.db, 'Announce test');
    await expect(run('announcement:create', '--community', community.id, '--text', 'x')).rejects.toThrow(/--title/);
    await expect(run('announcement:create', '--community', community.id, '--title-es', 'x')).rejects.toThrow(/--text/);
    await expect(
      run('announcement:create', '--community', community.id, '--title', 'x', '--text', 'y', '--link', 'https://evil.example'),
    ).rejects.toBeInstanceOf(UsageError);
    // Spanish only is fine: English members see the Spanish text.
    expect((await run('announcement:create', '--community', community.id, '--title-es', 'Hola', '--text-es', 'Texto')).code).toBe(0);
  });
});
