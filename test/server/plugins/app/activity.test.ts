import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { createEarnPromo, createEarnQrCode, createQuestionnaire, givePips, verifiedMember } from '../../helpers/catalog';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk, type TestUser } from '../../helpers/harness';

describe.each(backends)('activity and dashboard on $name', (backend) => {
  const h = useHarness(backend, { accessTokenTtlSeconds: 365 * 24 * 3600 });

  const activity = (user: TestUser, page = 1, size = 1000, language?: string) =>
    h.call({
      url: '/mobile/dashboard/actions',
      query: { page, size },
      token: user.authToken,
      headers: language ? { 'accept-language': language } : {},
    });
  const earn = (user: TestUser, pid: number) =>
    h.call({ method: 'POST', url: '/mobile/earn', form: { pid }, token: user.authToken });
  async function scan(user: TestUser, code: string) {
    const token = expectOk(
      await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam: code }, token: user.authToken }),
    ).token;
    return h.call({ method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken: token }, token: user.authToken });
  }
  /** A debit as the operator makes it (an adjustment with a reason). */
  const adjust = (user: TestUser, delta: number, reason: string) =>
    h.db.transaction().execute((trx) =>
      h.app.ledger.post(trx, { userId: user.userId, delta, kind: 'adjustment', sourceId: null, title: reason, reason }),
    );

  it('lists the member ledger newest first with what moved the pips and when', async () => {
    const user = await verifiedMember(h);
    const pid = await createEarnPromo(h.db, { communityId: h.community.id, title: { en: 'Follow us', es: 'Síguenos' }, pips: 5 });
    const qr = await createEarnQrCode(h.db, { communityId: h.community.id, title: { en: 'Welcome desk', es: 'Recepción' }, pips: 10 });
    const start = h.clock.now();
    expectOk(await earn(user, pid));
    h.clock.advance(3600);
    expectOk(await scan(user, qr.code));
    h.clock.advance(3600);
    await adjust(user, -4, 'Duplicate visit');

    const data = expectOk(await activity(user));
    expect(data).toMatchObject({ page: 1, size: 1000, total: 3 });
    expect(data.actions.map((a: Record<string, unknown>) => ({ ...a, id: undefined, date: undefined }))).toEqual([
      { type: 'REDEEM', kind: 'adjustment', title: 'Duplicate visit', pips: -4 },
      { type: 'EARN', kind: 'qr', title: 'Welcome desk', pips: 10 },
      { type: 'EARN', kind: 'promo', title: 'Follow us', pips: 5 },
    ]);
    const ids = data.actions.map((a: { id: number }) => a.id);
    expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);
    // Dates follow the app clock, an hour apart.
    const dates = data.actions.map((a: { date: string }) => Date.parse(a.date));
    expect(dates[2]).toBeGreaterThanOrEqual(start.getTime() - 1000);
    expect(dates[0] - dates[1]).toBeGreaterThanOrEqual(3600 * 1000);
    expect(dates[1] - dates[2]).toBeGreaterThanOrEqual(3600 * 1000);
    expect(data.actions[0].date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const spanish = expectOk(await activity(user, 1, 1000, 'es'));
    expect(spanish.actions.map((a: { title: string }) => a.title)).toEqual(['Duplicate visit', 'Recepción', 'Síguenos']);
  });

  it('pages through the list and counts the total', async () => {
    const user = await verifiedMember(h);
    const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 1, limit: 'unlimited' });
    for (let i = 0; i < 5; i++) expectOk(await earn(user, pid));
    const all = expectOk(await activity(user)).actions.map((a: { id: number }) => a.id);
    const page1 = expectOk(await activity(user, 1, 2));
    const page3 = expectOk(await activity(user, 3, 2));
    expect(page1).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(page1.actions.map((a: { id: number }) => a.id)).toEqual(all.slice(0, 2));
    expect(page3.actions.map((a: { id: number }) => a.id)).toEqual(all.slice(4));
    expect(expectOk(await activity(user, 4, 2))).toEqual({ actions: [], page: 4, size: 2, total: 5 });
  });

  it('shows only the caller rows, and is for verified members', async () => {
    const user = await verifiedMember(h);
    const other = await verifiedMember(h);
    await givePips(h, other.userId, 7);
    expect(expectOk(await activity(user))).toEqual({ actions: [], page: 1, size: 1000, total: 0 });
    expect(expectOk(await activity(other)).total).toBe(1);
    const unverified = await h.register();
    expectFailure(await activity(unverified), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await h.call({ url: '/mobile/dashboard/actions', query: { page: 1, size: 10 } }), 401, 'UNAUTHORIZED');
  });

  it('validates page and size', async () => {
    const user = await verifiedMember(h);
    for (const query of [{ page: 0, size: 10 }, { page: 1, size: 0 }, { page: 1, size: 1001 }, { page: 'x', size: 10 }, { size: 10 }]) {
      expectFailure(await h.call({ url: '/mobile/dashboard/actions', query, token: user.authToken }), 400, 'VALIDATION_ERROR');
    }
  });

  it('the dashboard offers the EARN promos as earn actions, and its balances follow the ledger', async () => {
    const user = await verifiedMember(h);
    const formId = await createQuestionnaire(h.db, { communityId: h.community.id });
    const follow = await createEarnPromo(h.db, {
      communityId: h.community.id,
      title: { en: 'Follow us', es: 'Síguenos' },
      description: { en: 'On the socials', es: 'En redes' },
      pips: 5,
    });
    const survey = await createEarnPromo(h.db, { communityId: h.community.id, title: 'Survey', pips: 2, questionnaireId: formId });
    const trivia = await createEarnPromo(h.db, { communityId: h.community.id, title: 'Trivia', pips: 1, redirectToInternalScreen: '/trivia/individual' });
    await createEarnPromo(h.db, { communityId: h.community.id, title: 'Off', active: false });
    await createEarnPromo(h.db, { communityId: (await createCommunity(h.db, 'Other')).id, title: 'Elsewhere' });

    expectOk(await earn(user, follow));
    await adjust(user, -3, 'Correction');
    expect(expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken, headers: { 'accept-language': 'es' } }))).toEqual({
      availablePips: 2,
      totalEarnedPips: 5,
      totalUsedPips: 3,
      actions: [
        { id: follow, eid: follow, title: 'Síguenos', description: 'En redes', pipsToEarn: 5, questionnaireUrl: null, redirectToInternalScreen: null },
        { id: survey, eid: survey, title: 'Survey', description: null, pipsToEarn: 2, questionnaireUrl: `/forms/${formId}`, redirectToInternalScreen: null },
        { id: trivia, eid: trivia, title: 'Trivia', description: null, pipsToEarn: 1, questionnaireUrl: null, redirectToInternalScreen: '/trivia/individual' },
      ],
    });
  });
});
