import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk } from '../../helpers/harness';

describe.each(backends)('dashboard and community lookup on $name', (backend) => {
  const h = useHarness(backend);

  it('shows zero balances and no actions to a new verified user', async () => {
    const user = await h.registerVerified();
    expect(expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken }))).toEqual({
      availablePips: 0,
      totalEarnedPips: 0,
      totalUsedPips: 0,
      actions: [],
    });
  });

  it('reads the balances of the user row', async () => {
    const user = await h.registerVerified();
    await h.db.updateTable('users').set({ available_pips: 7, total_earned_pips: 10, total_used_pips: 3 }).where('id', '=', user.userId).execute();
    expect(expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken }))).toMatchObject({
      availablePips: 7,
      totalEarnedPips: 10,
      totalUsedPips: 3,
    });
  });

  it('is for verified users only', async () => {
    const user = await h.register();
    expectFailure(await h.call({ url: '/mobile/dashboard', token: user.authToken }), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await h.call({ url: '/mobile/dashboard' }), 401, 'UNAUTHORIZED');
  });

  it('never lets a balance go below zero (database constraint)', async () => {
    const user = await h.registerVerified();
    await expect(
      h.db.updateTable('users').set({ available_pips: -1 }).where('id', '=', user.userId).execute(),
    ).rejects.toThrow();
  });

  it('looks up a community publicly, and answers COMMUNITY_NOT_FOUND otherwise', async () => {
    expect(expectOk(await h.call({ url: `/web/community/${h.community.id}` }))).toEqual({
      communityId: h.community.id,
      name: 'Demo Community',
    });
    expectFailure(await h.call({ url: '/web/community/demo-nothere' }), 404, 'COMMUNITY_NOT_FOUND');
    expectFailure(await h.call({ url: '/web/community/bad%20id' }), 400, 'VALIDATION_ERROR');
  });

  it('answers health with the database reachable', async () => {
    expect(expectOk(await h.call({ url: '/api/health' }))).toEqual({ status: 'OK' });
  });
});
