import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { announce, AnnouncementInputError } from '../../../../server/plugins/app/announcements';
import { backends } from '../../helpers/databases';
import { expectFailure, expectOk, useHarness, type TestUser } from '../../helpers/harness';

describe.each(backends)('announcements on $name', (backend) => {
  const h = useHarness(backend);

  const list = (user: TestUser, query: Record<string, string | number | undefined> = {}, language = 'en') =>
    h.call({ url: '/mobile/announcements', token: user.authToken, query, headers: { 'accept-language': language } });
  const records = (user: TestUser) => h.call({ method: 'POST', url: '/mobile/announcements/users', token: user.authToken });
  const setStatus = (user: TestUser, id: number | string, status: string, type = 'USER_INDIVIDUAL') =>
    h.call({ method: 'POST', url: `/mobile/announcements/${id}/status`, token: user.authToken, query: { type, status } });
  const make = (n: number, extra: Partial<Parameters<typeof announce>[1]> = {}) =>
    announce(h.db, { communityId: h.community.id, title: { en: `News ${n}`, es: `Noticia ${n}` }, text: { en: `Text ${n}` }, ...extra }, h.clock.now());

  it('lists the community\'s announcements newest first in the member\'s language, falling back to the other', async () => {
    const user = await h.registerVerified();
    const first = await make(1, { url: '/earn' });
    const second = await announce(h.db, { communityId: h.community.id, title: { es: 'Solo en español' }, text: { es: 'Texto' } });
    const en = expectOk(await list(user)).announcements;
    expect(en.map((a: { id: number }) => a.id)).toEqual([second.id, first.id]);
    expect(en[0]).toMatchObject({ title: 'Solo en español', text: 'Texto', type: 'USER_INDIVIDUAL', status: 1, url: null, icon: null });
    expect(en[1]).toMatchObject({ title: 'News 1', text: 'Text 1', url: '/earn', status: 1 });
    const es = expectOk(await list(user, {}, 'es-MX,es;q=0.9')).announcements;
    expect(es[1]).toMatchObject({ title: 'Noticia 1', text: 'Text 1' });
    expect(typeof es[1].sendDate).toBe('string');
    expect(expectOk(await records(user))).toEqual({ usersAnnouncements: [] });
  });

  it('pages by size and page, and by the before cursor that the member\'s deletions do not shift', async () => {
    const user = await h.registerVerified();
    const ids: number[] = [];
    for (let n = 1; n <= 35; n++) ids.push((await make(n)).id);
    const newestFirst = [...ids].reverse();
    const page1 = expectOk(await list(user, { page: 1, size: 30 })).announcements.map((a: { id: number }) => a.id);
    expect(page1).toEqual(newestFirst.slice(0, 30));
    const page2 = expectOk(await list(user, { page: 2, size: 30 })).announcements.map((a: { id: number }) => a.id);
    expect(page2).toEqual(newestFirst.slice(30));
    expectOk(await setStatus(user, newestFirst[0], 'DELETED'));
    const after = expectOk(await list(user, { size: 30, before: page1[29] })).announcements.map((a: { id: number }) => a.id);
    expect(after).toEqual(newestFirst.slice(30));
    expectFailure(await list(user, { size: 31 }), 400, 'VALIDATION_ERROR');
  });

  it('keeps the member\'s records: read is 3, deleted is 4 and leaves the list; a record never goes back', async () => {
    const ana = await h.registerVerified();
    const bob = await h.registerVerified();
    const a = await make(1);
    const b = await make(2);
    expect(expectOk(await setStatus(ana, a.id, 'READ'))).toEqual({ status: 'OK' });
    expectOk(await setStatus(ana, b.id, 'DELETED'));
    expectOk(await setStatus(ana, b.id, 'READ')); // deleted stays deleted
    expect(expectOk(await records(ana)).usersAnnouncements).toEqual([
      { id: b.id, type: 'USER_INDIVIDUAL', status: 4 },
      { id: a.id, type: 'USER_INDIVIDUAL', status: 3 },
    ]);
    expect(expectOk(await list(ana)).announcements.map((x: { id: number; status: number }) => [x.id, x.status])).toEqual([[a.id, 3]]);
    expect(expectOk(await list(ana)).unreadCount).toBe(0);
    expect(expectOk(await list(bob)).unreadCount).toBe(2);
    // Bob's view is his own.
    expect(expectOk(await list(bob)).announcements.map((x: { status: number }) => x.status)).toEqual([1, 1]);
    expect(expectOk(await records(bob)).usersAnnouncements).toEqual([]);
  });

  it('refuses another community\'s announcement, an unknown id, bad input and unverified members', async () => {
    const user = await h.registerVerified();
    const other = await createCommunity(h.db, 'Other town');
    const theirs = await announce(h.db, { communityId: other.id, title: { en: 'Theirs' }, text: { en: 'x' } });
    expect(expectOk(await list(user)).announcements).toEqual([]);
    expectFailure(await setStatus(user, theirs.id, 'READ'), 404, 'NOT_FOUND');
    expectFailure(await setStatus(user, 999999, 'READ'), 404, 'NOT_FOUND');
    expectFailure(await setStatus(user, theirs.id, 'UNREAD'), 400, 'VALIDATION_ERROR');
    expectFailure(await setStatus(user, theirs.id, 'READ', 'lower'), 400, 'VALIDATION_ERROR');
    expectFailure(await setStatus(user, 'abc', 'READ'), 400, 'VALIDATION_ERROR');
    expectFailure(await setStatus(user, '99999999999', 'READ'), 400, 'VALIDATION_ERROR');
    const unverified = await h.register();
    expectFailure(await list(unverified), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await h.call({ url: '/mobile/announcements' }), 401, 'UNAUTHORIZED');
  });

  it('announce() checks its input: a language at least, an internal link, a known community', async () => {
    const bad = [
      { communityId: h.community.id, title: {}, text: { en: 'x' } },
      { communityId: h.community.id, title: { en: '  ' }, text: { en: 'x' } },
      { communityId: h.community.id, title: { en: 'x' }, text: { en: 'x' }, url: 'https://evil.example' },
      { communityId: h.community.id, title: { en: 'x' }, text: { en: 'x' }, url: '//evil.example/x' },
      { communityId: h.community.id, title: { en: 'x'.repeat(201) }, text: { en: 'x' } },
      { communityId: 'nope', title: { en: 'x' }, text: { en: 'x' } },
    ];
    for (const input of bad) await expect(announce(h.db, input)).rejects.toBeInstanceOf(AnnouncementInputError);
    const user = await h.registerVerified();
    expect(expectOk(await list(user)).announcements).toEqual([]);
  });
});
