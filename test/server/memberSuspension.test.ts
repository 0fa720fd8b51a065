import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../server/db/repositories/communities';
import { createEarnPromo, createEarnQrCode, createQuestionnaire, createRedeemPromo, giftCodes, givePips, verifiedMember } from './helpers/catalog';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, useHarness, type TestUser } from './helpers/harness';
import { operatorApiTools } from './helpers/operatorApi';

/**
 * Member care (issue 49): an operator suspends a member with a reason and restores them. A
 * suspended member signs in and reads their balance and history, but every call that earns or
 * redeems is refused (ACCOUNT_SUSPENDED, in their language) and changes nothing; an operator's
 * adjustment still applies. Restored, they earn and redeem at once.
 */
const EARN_KEY = '6f1d2c3b-0000-4000-8000-000000000001';
const REDEEM_KEY = '6f1d2c3b-0000-4000-8000-000000000002';

describe.each(backends)('suspending a member on $name', (backend) => {
  const h = useHarness(backend);
  const { operator, as } = operatorApiTools(h);

  const earn = (user: TestUser, pid: number, idempotencyKey: string) => h.call({ method: 'POST', url: '/mobile/earn', form: { pid, idempotencyKey }, token: user.authToken });
  const scan = async (user: TestUser, code: string, language?: string) => {
    const token = expectOk(await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam: `http://pips.test/earn?qr=${code}` }, token: user.authToken })).token;
    return h.call({ method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken: token, idempotencyKey: randomUUID() }, token: user.authToken, headers: language ? { 'accept-language': language } : {} });
  };
  const redeem = (user: TestUser, pid: number, optId: number, idempotencyKey: string) =>
    h.call({ method: 'POST', url: '/mobile/redeem', form: { pid, optId, amount: 1, idempotencyKey }, token: user.authToken });
  const answer = (user: TestUser, id: number) =>
    h.call({ method: 'POST', url: `/web/questionnaires/${id}/answers`, json: { answers: { why: 'Because' } }, token: user.authToken });
  const ledger = (user: TestUser) => h.db.selectFrom('ledger_entries').select(['delta', 'kind']).where('user_id', '=', user.userId).orderBy('id').execute();

  it('refuses every earn and redemption of a suspended member, lets them read, and takes them back when restored; audited', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await verifiedMember(h);
    await givePips(h, member.userId, 50);
    const promo = await createEarnPromo(h.db, { communityId: h.community.id, pips: 5, limit: 'unlimited' });
    const qr = await createEarnQrCode(h.db, { communityId: h.community.id, pips: 7 });
    const form = await createQuestionnaire(h.db, { communityId: h.community.id, pips: 9, payload: { title: 'Why', steps: [{ parts: [{ id: 'why', type: 'text', label: 'Why?' }] }] } });
    const reward = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10, codes: giftCodes(3) }] });

    // Viewers read, they do not suspend; a reason is needed.
    expectFailure(await as(viewer).post(`/admin/members/${member.userId}/suspend`, { reason: 'Abuse' }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).post(`/admin/members/${member.userId}/suspend`, { reason: '  ' }), 400, 'VALIDATION_ERROR');
    const suspended = expectOk(await as(editor).post(`/admin/members/${member.userId}/suspend`, { reason: 'Shared QR codes online' }));
    expect(suspended).toMatchObject({ userId: member.userId, suspension: { reason: 'Shared QR codes online', at: expect.any(String) } });
    const listed = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/members`, { q: `#${member.userId}`, page: 1, size: 10 })).members;
    expect(listed).toEqual([expect.objectContaining({ suspension: suspended.suspension })]);

    // Every way to earn or redeem is refused, the member told why in their language; nothing moves.
    const refusal = expectFailure(await earn(member, promo, EARN_KEY), 403, 'ACCOUNT_SUSPENDED');
    expect(refusal.error.message).toMatch(/^Your account is suspended/);
    expect(expectFailure(await scan(member, qr.code, 'es'), 403, 'ACCOUNT_SUSPENDED').error.message).toMatch(/^Tu cuenta está suspendida/);
    expectFailure(await answer(member, form), 403, 'ACCOUNT_SUSPENDED');
    expectFailure(await redeem(member, reward.id, reward.optionIds[0], REDEEM_KEY), 403, 'ACCOUNT_SUSPENDED');
    expect(await ledger(member)).toEqual([{ delta: 50, kind: 'adjustment' }]);
    const codesLeft = async () => (await h.db.selectFrom('gift_card_codes').select('id').where('option_id', '=', reward.optionIds[0]).where('redemption_id', 'is', null).execute()).length;
    expect(await codesLeft()).toBe(3);
    // Reading goes on; an operator's adjustment still applies.
    expect(expectOk(await h.call({ url: '/mobile/dashboard', token: member.authToken }))).toMatchObject({ availablePips: 50 });
    expectOk(await h.call({ url: '/mobile/dashboard/actions', query: { page: 1, size: 10 }, token: member.authToken }));
    expect(expectOk(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 1, reason: 'Goodwill' }))).toMatchObject({ availablePips: 51 });

    // Restored: earning and redeeming work at once (the refused idempotency keys were not kept).
    const restored = expectOk(await as(editor).post(`/admin/members/${member.userId}/restore`));
    expect(restored.suspension).toBeNull();
    expect(expectOk(await earn(member, promo, EARN_KEY))).toMatchObject({ availablePips: 56 });
    expect(expectOk(await scan(member, qr.code))).toMatchObject({ pipsEarned: 7 });
    expectOk(await answer(member, form));
    expectOk(await redeem(member, reward.id, reward.optionIds[0], REDEEM_KEY));
    expect(await codesLeft()).toBe(2);
    expect((await ledger(member)).map((row) => row.kind)).toEqual(['adjustment', 'adjustment', 'promo', 'qr', 'questionnaire', 'redeem']);

    // A second restore changes nothing and writes no audit row.
    expectOk(await as(editor).post(`/admin/members/${member.userId}/restore`));
    const audit = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 20 })).entries;
    const care = audit.filter((e: { action: string }) => e.action.startsWith('member.suspend') || e.action.startsWith('member.restore'));
    expect(care.map((e: { action: string; before: unknown; after: unknown }) => [e.action, e.before, e.after])).toEqual([
      ['member.restore', { suspended: true, reason: 'Shared QR codes online' }, { suspended: false, reason: null }],
      ['member.suspend', { suspended: false, reason: null }, { suspended: true, reason: 'Shared QR codes online' }],
    ]);
  });

  it('finds no member of another community to suspend', async () => {
    const editor = await operator('editor');
    const other = await createCommunity(h.db, 'Elsewhere');
    const stranger = await verifiedMember(h, { communityId: other.id });
    expectFailure(await as(editor).post(`/admin/members/${stranger.userId}/suspend`, { reason: 'Not yours' }), 404, 'NOT_FOUND');
    expectFailure(await as(editor).post(`/admin/members/${stranger.userId}/restore`), 404, 'NOT_FOUND');
    const row = await h.db.selectFrom('users').select('suspended_at').where('id', '=', stranger.userId).executeTakeFirstOrThrow();
    expect(row.suspended_at).toBeNull();
  });
});
