import { describe, expect, it } from 'vitest';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, uniqueEmail, useHarness } from './helpers/harness';

const PASSWORD = 'Str0ng-pass!';

/**
 * Setting up a running server (issue 49): while no account runs a community, a one-time token
 * (printed at start) creates the first community and its owner through the API, no
 * session needed; it works once, for 24 hours, only the latest one, and never once an operator
 * exists. The first actions are in the audit log.
 */
describe.each(backends)('setting up a server on $name', (backend) => {
  const h = useHarness(backend);
  const setup = (json: Record<string, unknown>) => h.call({ method: 'POST', url: '/admin/setup', json });
  const audit = () => h.db.selectFrom('audit_log').select(['action', 'operator_id', 'community_id', 'entity', 'entity_id', 'after']).orderBy('id').execute();

  it('creates the community and a new verified owner, audited from the first action; the token works once', async () => {
    const token = (await h.app.operatorSetup.issueIfNoOperator())!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const email = uniqueEmail('owner');
    const done = expectOk(await setup({ token, community: '  Riverside Runners ', email: email.toUpperCase(), password: PASSWORD }));
    expect(done).toEqual({
      communityId: expect.stringMatching(/^c-/),
      name: 'Riverside Runners',
      joinLink: `http://pips.test/community-scan?communityId=${done.communityId}`,
      email,
      accountCreated: true,
    });
    // The owner signs in with that password and runs the community.
    const session = expectOk(await h.login(email, PASSWORD));
    const communities = expectOk(await h.call({ url: '/admin/communities', token: session.authToken })).communities;
    expect(communities).toEqual([expect.objectContaining({ communityId: done.communityId, name: 'Riverside Runners', role: 'owner' })]);
    const ownerId = session.userId as number;
    expect(await audit()).toEqual([
      { action: 'community.create', operator_id: ownerId, community_id: done.communityId, entity: 'community', entity_id: done.communityId, after: { name: 'Riverside Runners' } },
      { action: 'operator.add', operator_id: ownerId, community_id: done.communityId, entity: 'operator', entity_id: String(ownerId), after: { email, role: 'owner', setup: true } },
    ]);
    // Used: refused, and no second community.
    expectFailure(await setup({ token, community: 'Again', email: uniqueEmail('other'), password: PASSWORD }), 400, 'INVALID_TOKEN');
    expect(await h.db.selectFrom('communities').select('name').where('name', '=', 'Again').execute()).toEqual([]);
    // An operator exists: no new token is issued.
    expect(await h.app.operatorSetup.issueIfNoOperator()).toBeNull();
  });

  it("makes an existing account the owner only with that account's password", async () => {
    const member = await h.registerVerified();
    const token = (await h.app.operatorSetup.issueIfNoOperator())!;
    expectFailure(await setup({ token, community: 'Hill Club', email: member.email, password: 'Wr0ng-pass!' }), 401, 'INVALID_CREDENTIALS');
    // The refusal used nothing up.
    const done = expectOk(await setup({ token, community: 'Hill Club', email: member.email, password: member.password }));
    expect(done).toMatchObject({ name: 'Hill Club', email: member.email, accountCreated: false });
    const roles = await h.db.selectFrom('operator_roles').select(['user_id', 'community_id', 'role']).execute();
    expect(roles).toEqual([{ user_id: member.userId, community_id: done.communityId, role: 'owner' }]);
  });

  it('refuses a wrong, expired, replaced or late token, a weak password and a bad e-mail, and changes nothing', async () => {
    const first = (await h.app.operatorSetup.issueIfNoOperator())!;
    const token = (await h.app.operatorSetup.issueIfNoOperator())!;
    const email = uniqueEmail('owner');
    // Only the latest start's token works.
    expectFailure(await setup({ token: first, community: 'A', email, password: PASSWORD }), 400, 'INVALID_TOKEN');
    expectFailure(await setup({ token: 'not-a-token', community: 'A', email, password: PASSWORD }), 400, 'INVALID_TOKEN');
    expectFailure(await setup({ token, community: 'A', email, password: 'weak' }), 400, 'WEAK_PASSWORD');
    expectFailure(await setup({ token, community: 'A', email: 'nobody@', password: PASSWORD }), 400, 'VALIDATION_ERROR');
    expectFailure(await setup({ token, community: '   ', email, password: PASSWORD }), 400, 'VALIDATION_ERROR');
    expectFailure(await setup({ token, community: 'A', email, password: PASSWORD, role: 'owner' }), 400, 'VALIDATION_ERROR');
    h.clock.advance(24 * 3600 + 1);
    expectFailure(await setup({ token, community: 'A', email, password: PASSWORD }), 400, 'INVALID_TOKEN');
    expect(await h.db.selectFrom('operator_roles').select('user_id').execute()).toEqual([]);
    expect(await audit()).toEqual([]);
    expect(await h.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('refuses a token issued before another way made an operator (operator:add on the database)', async () => {
    const token = (await h.app.operatorSetup.issueIfNoOperator())!;
    const someone = await h.registerVerified();
    await setOperatorRole(h.db, someone.userId, h.community.id, 'owner');
    expectFailure(await setup({ token, community: 'Late', email: uniqueEmail('late'), password: PASSWORD }), 400, 'INVALID_TOKEN');
    expect(await h.db.selectFrom('communities').select('id').where('name', '=', 'Late').execute()).toEqual([]);
  });
});
