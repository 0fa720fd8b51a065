import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { createCommunity } from '../../server/db/repositories/communities';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import type { OperatorRole } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, TEST_PASSWORD, useHarness, type TestUser } from './helpers/harness';
import { operatorApiTools } from './helpers/operatorApi';

/**
 * Who may use the operator API: the communities an account runs, members and other communities'
 * operators refused, viewers read only; the audit of every community run; a community's edit;
 * roles by invitation; the CLI's operator:add.
 */
describe.each(backends)('operator API on $name', (backend) => {
  const h = useHarness(backend);
  const { operator, earnPromo, as } = operatorApiTools(h);

  it('lists the communities an account runs, none for a member', async () => {
    const other = await createCommunity(h.db, 'Second place');
    const owner = await operator('owner');
    await setOperatorRole(h.db, owner.userId, other.id, 'viewer');
    expect(expectOk(await as(owner).get('/admin/communities')).communities).toEqual(
      expect.arrayContaining([
        { communityId: h.community.id, name: h.community.name, role: 'owner', archived: false },
        { communityId: other.id, name: 'Second place', role: 'viewer', archived: false },
      ]),
    );
    // A member who runs no community is refused the whole operator API, this list too.
    const member = await h.registerVerified();
    expectFailure(await as(member).get('/admin/communities'), 403, 'FORBIDDEN');
    // The profile says whether to link to the console.
    expect(expectOk(await as(owner).get('/mobile/user/get')).runsCommunity).toBe(true);
    expect(expectOk(await as(member).get('/mobile/user/get')).runsCommunity).toBe(false);
  });

  it('refuses members, operators of other communities, and viewers who write', async () => {
    const other = await createCommunity(h.db, 'Second place');
    const pid = await earnPromo();
    const member = await h.registerVerified();
    const stranger = await operator('owner', other.id);
    const viewer = await operator('viewer');
    const target = await h.registerVerified();

    // A member is refused before anything is looked up: the same answer for what exists and what does not.
    for (const url of [`/admin/promos/${pid}`, '/admin/promos/999999']) expectFailure(await as(member).put(url, { pips: 99 }), 403, 'FORBIDDEN');
    expectFailure(await as(member).post(`/admin/members/${target.userId}/adjust`, { delta: 5, reason: 'gift' }), 403, 'FORBIDDEN');
    expectFailure(await as(member).get(`/admin/communities/${h.community.id}/promos`, { type: 'EARN' }), 403, 'FORBIDDEN');
    // An operator of another community: 403 on reads; writes on what is not theirs, as if it did not exist.
    expectFailure(await as(stranger).get(`/admin/communities/${h.community.id}/promos`, { type: 'EARN' }), 403, 'FORBIDDEN');
    expectFailure(await as(stranger).get(`/admin/communities/${h.community.id}/members`, { page: 1, size: 10 }), 403, 'FORBIDDEN');
    expectFailure(await as(stranger).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 }), 403, 'FORBIDDEN');
    expectFailure(await as(stranger).put(`/admin/promos/${pid}`, { pips: 99 }), 404, 'NOT_FOUND');
    expectFailure(await as(stranger).post(`/admin/promos/${pid}/archive`), 404, 'NOT_FOUND');
    expectFailure(await as(stranger).post(`/admin/members/${target.userId}/adjust`, { delta: 5, reason: 'gift' }), 404, 'NOT_FOUND');
    // A viewer reads, and may not write.
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/promos`, { type: 'EARN' })).promos).toHaveLength(1);
    expectFailure(await as(viewer).put(`/admin/promos/${pid}`, { pips: 99 }), 403, 'FORBIDDEN');
    expectFailure(await as(viewer).post(`/admin/promos/${pid}/archive`), 403, 'FORBIDDEN');
    expectFailure(await as(viewer).post(`/admin/members/${target.userId}/adjust`, { delta: 5, reason: 'gift' }), 403, 'FORBIDDEN');
    expectFailure(await as(viewer).get('/admin/communities/no-such-place/promos', { type: 'EARN' }), 404, 'COMMUNITY_NOT_FOUND');
    expectFailure(await h.call({ url: '/admin/communities' }), 401, 'UNAUTHORIZED');
    // Nothing was written.
    expect(await h.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
    expect((await h.db.selectFrom('promos').select(['pips', 'active']).where('id', '=', pid).executeTakeFirstOrThrow())).toEqual({ pips: 5, active: true });
  });

  it('operator:add makes an account that signs in like a member and runs the community; bad input exits 2', async () => {
    const lines: string[] = [];
    const ctx = { db: h.db, publicUrl: 'http://127.0.0.1', out: (line: string) => lines.push(line), scryptCost: 1024 };
    process.env.OPERATOR_PASSWORD = TEST_PASSWORD;
    try {
      expect(await runAdmin(['operator:add', '--email', 'Boss@Example.org', '--community', h.community.id, '--role', 'owner'], ctx)).toBe(0);
    } finally {
      delete process.env.OPERATOR_PASSWORD;
    }
    expect(lines[0]).toContain('Created the account boss@example.org');
    const login = expectOk(await h.call({ method: 'POST', url: '/mobile/login', form: { email: 'boss@example.org', pwd: TEST_PASSWORD } }));
    const communities = expectOk(await h.call({ url: '/admin/communities', token: login.authToken })).communities;
    expect(communities).toEqual([{ communityId: h.community.id, name: h.community.name, role: 'owner', archived: false }]);

    await expect(runAdmin(['operator:add', '--email', 'boss@example.org', '--community', h.community.id, '--role', 'god'], ctx)).rejects.toThrow(/--role must be one of/);
    await expect(runAdmin(['operator:add', '--email', 'new@example.org', '--community', h.community.id, '--role', 'viewer'], ctx)).rejects.toThrow(/OPERATOR_PASSWORD/);
    await expect(runAdmin(['operator:add', '--email', 'boss@example.org', '--community', 'nowhere', '--role', 'viewer'], ctx)).rejects.toThrow(/no community/);
    // Run again: the role changes, the password stays.
    expect(await runAdmin(['operator:add', '--email', 'boss@example.org', '--community', h.community.id, '--role', 'viewer'], ctx)).toBe(0);
    expect(expectOk(await h.call({ url: '/admin/communities', token: login.authToken })).communities[0].role).toBe('viewer');
  });

  it('edits a community (owner only): its name and support contact; archived, it takes no new member while its members go on', async () => {
    const owner = await operator('owner');
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const base = `/admin/communities/${h.community.id}`;
    expect(expectOk(await as(editor).get(base))).toMatchObject({ communityId: h.community.id, role: 'editor', archived: false, support: null });
    expectFailure(await as(editor).put(base, { name: 'Mine now' }), 403, 'FORBIDDEN');
    expectFailure(await as(member).get(base), 403, 'FORBIDDEN');
    expectFailure(await as(owner).put(base, { name: '   ' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(owner).put(base, { support: { email: 'help@example.org', url: 'http://plain.example' } }), 400, 'VALIDATION_ERROR');
    const edited = expectOk(
      await as(owner).put(base, { name: 'Riverside Gardens', support: { email: 'Help@Example.org', phone: '+1 555 0100', text: { en: 'Weekdays', es: 'Entre semana' } } }),
    );
    expect(edited).toMatchObject({
      name: 'Riverside Gardens',
      role: 'owner',
      support: { email: 'help@example.org', url: null, phone: '+1 555 0100', text: { en: 'Weekdays', es: 'Entre semana' } },
    });
    // Members read the new name and contact at once.
    const support = expectOk(await h.call({ url: '/mobile/community/support', token: member.authToken, headers: { 'accept-language': 'es' } }));
    expect(support).toMatchObject({ communityName: 'Riverside Gardens', contact: { email: 'help@example.org', text: 'Entre semana' } });

    expect(expectOk(await as(owner).put(base, { archived: true }))).toMatchObject({ archived: true, members: expect.any(Number) });
    expectFailure(await h.call({ url: `/web/community/${h.community.id}` }), 404, 'COMMUNITY_NOT_FOUND');
    await expect(h.register()).rejects.toThrow(/COMMUNITY_NOT_FOUND/);
    // Its members keep their accounts and their pips.
    expect(expectOk(await h.call({ url: '/mobile/dashboard', token: member.authToken }))).toBeTruthy();
    expect(expectOk(await as(owner).get('/admin/communities')).communities).toContainEqual(expect.objectContaining({ communityId: h.community.id, archived: true }));
    expectOk(await as(owner).put(base, { archived: false, support: null }));
    expect(expectOk(await h.call({ url: `/web/community/${h.community.id}` })).name).toBe('Riverside Gardens');
    await h.register();

    const actions = expectOk(await as(owner).get('/admin/audit', { page: 1, size: 50 })).entries.map((e: { action: string; communityId: string }) => [e.action, e.communityId]);
    expect(actions).toEqual([
      ['community.update', h.community.id],
      ['community.archive', h.community.id],
      ['community.update', h.community.id],
    ]);
  });

  it('lists the audit of every community the operator runs (or of one), never of others', async () => {
    const other = await createCommunity(h.db, 'Second place');
    const third = await createCommunity(h.db, 'Not mine');
    const owner = await operator('owner');
    await setOperatorRole(h.db, owner.userId, other.id, 'viewer');
    const stranger = await operator('owner', third.id);
    const strangerPromo = expectOk(await as(stranger).post(`/admin/communities/${third.id}/promos`, { type: 'EARN', title: { en: 'Theirs' }, pips: 1 }));
    expectOk(await as(owner).post(`/admin/communities/${h.community.id}/promos`, { type: 'EARN', title: { en: 'Ours' }, pips: 1 }));
    const mine = expectOk(await as(owner).get('/admin/audit', { page: 1, size: 50 })).entries;
    expect(mine.map((e: { communityId: string; action: string }) => [e.communityId, e.action])).toEqual([[h.community.id, 'promo.create']]);
    expect(expectOk(await as(owner).get('/admin/audit', { communityId: other.id, page: 1, size: 50 })).entries).toEqual([]);
    expectFailure(await as(owner).get('/admin/audit', { communityId: third.id, page: 1, size: 50 }), 403, 'FORBIDDEN');
    expect(expectOk(await as(stranger).get('/admin/audit', { page: 1, size: 50 })).entries.map((e: { entityId: string }) => e.entityId)).toEqual([String(strangerPromo.promo.id)]);
    // A member who runs no community is refused it, as the whole operator API.
    expectFailure(await as(await h.registerVerified()).get('/admin/audit', { page: 1, size: 10 }), 403, 'FORBIDDEN');
  });

  it('an owner gives roles by invitation, changes and removes them, never leaving the community without an owner; an owner creates another community', async () => {
    const owner = await operator('owner');
    const editor = await operator('editor');
    const newcomer = await h.registerVerified();
    const base = `/admin/communities/${h.community.id}/operators`;
    /** Invites, then accepts as the invitee through the mailed link's token (operatorInvitations.test.ts has the rules). */
    const give = async (invitee: TestUser, role: OperatorRole) => {
      expectOk(await as(owner).post(base, { email: invitee.email.toUpperCase(), role }));
      const token = /\?invitation=([\w-]+)/.exec(h.mailer.lastTo(invitee.email)!.text)![1];
      return expectOk(await as(invitee).post('/admin/invitations/accept', { token }));
    };
    expectFailure(await as(editor).post(base, { email: newcomer.email, role: 'viewer' }), 403, 'FORBIDDEN');
    expect(await give(newcomer, 'viewer')).toEqual({ communityId: h.community.id, name: h.community.name, role: 'viewer' });
    // The new viewer reads the console's lists at once.
    expect(expectOk(await as(newcomer).get('/admin/communities')).communities).toEqual([expect.objectContaining({ communityId: h.community.id, role: 'viewer' })]);
    expect(expectOk(await as(editor).get(base)).operators.map((o: { email: string; role: string }) => o.role).sort()).toEqual(['editor', 'owner', 'viewer']);
    // The last owner cannot step down or be removed.
    expectFailure(await as(owner).post(base, { email: owner.email, role: 'editor' }), 409, 'IN_USE');
    expectFailure(await as(owner).call('DELETE', `${base}/${owner.userId}`), 409, 'IN_USE');
    await give(editor, 'owner');
    await give(owner, 'editor');
    expectFailure(await as(owner).call('DELETE', `${base}/${newcomer.userId}`), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).call('DELETE', `${base}/${newcomer.userId}`))).toEqual({ deleted: true });
    // No role left: the operator API refuses the account.
    expectFailure(await as(newcomer).get('/admin/communities'), 403, 'FORBIDDEN');
    expectFailure(await as(editor).call('DELETE', `${base}/${newcomer.userId}`), 404, 'NOT_FOUND');

    // Creating a community: only for owners, who own the new one.
    expectFailure(await as(owner).post('/admin/communities', { name: 'Mine' }), 403, 'FORBIDDEN');
    expectFailure(await as(newcomer).post('/admin/communities', { name: 'Mine' }), 403, 'FORBIDDEN');
    const created = expectOk(await as(editor).post('/admin/communities', { name: '  Hilltop  ' }));
    expect(created).toMatchObject({ name: 'Hilltop', joinLink: expect.stringContaining(`/community-scan?communityId=${created.communityId}`) });
    expect(expectOk(await h.call({ url: `/web/community/${created.communityId}` }))).toEqual({ communityId: created.communityId, name: 'Hilltop' });
    expect(expectOk(await as(editor).get('/admin/communities')).communities).toContainEqual(expect.objectContaining({ communityId: created.communityId, role: 'owner' }));
    const actions = expectOk(await as(editor).get('/admin/audit', { page: 1, size: 20 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual([
      'community.create',
      'operator.remove',
      'invitation.accept',
      'invitation.create',
      'invitation.accept',
      'invitation.create',
      'invitation.accept',
      'invitation.create',
    ]);
  });
});
