import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../server/db/repositories/communities';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, useHarness } from './helpers/harness';
import { operatorApiTools } from './helpers/operatorApi';

/**
 * A community's members in the operator API: the search, adjustments of their pips (one, or many
 * from a CSV), and the report of the period.
 */
describe.each(backends)('operator API on $name', (backend) => {
  const h = useHarness(backend);
  const { operator, earnPromo, as } = operatorApiTools(h);

  it('adjusts a member\'s pips through the ledger, refuses a debit below zero, and audits it', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();

    expect(expectOk(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 50, reason: 'Helped at the fair' }))).toMatchObject({
      userId: member.userId,
      availablePips: 50,
    });
    expectFailure(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: -80, reason: 'Oops' }), 400, 'INSUFFICIENT_PIPS');
    expectFailure(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 0, reason: 'Nothing' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 5, reason: ' ' }), 400, 'VALIDATION_ERROR');

    const dashboard = expectOk(await h.call({ url: '/mobile/dashboard', token: member.authToken }));
    expect(dashboard.availablePips).toBe(50);
    const activity = expectOk(await h.call({ url: '/mobile/dashboard/actions', query: { page: 1, size: 10 }, token: member.authToken }));
    expect(activity.actions).toHaveLength(1);
    // The member's card and ledger, for a viewer too; not for another community's operator.
    const card = expectOk(await as(await operator('viewer')).get(`/admin/members/${member.userId}`, { page: 1, size: 10 }));
    expect(card.member).toMatchObject({ userId: member.userId, email: member.email, availablePips: 50, totalEarnedPips: 50 });
    expect(card.total).toBe(1);
    expect(card.entries).toEqual([{ id: expect.any(Number), delta: 50, kind: 'adjustment', title: expect.objectContaining({ en: expect.any(String) }), reason: 'Helped at the fair', at: expect.any(String) }]);
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    expectFailure(await as(stranger).get(`/admin/members/${member.userId}`, { page: 1, size: 10 }), 404, 'NOT_FOUND');
    const entries = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'member.adjust', entityId: String(member.userId), before: { availablePips: 0 }, after: { availablePips: 50, delta: 50, reason: 'Helped at the fair' } });
  });

  it('adjusts many members from a CSV: checked line by line, all or nothing, one transaction and one audit row', async () => {
    const editor = await operator('editor');
    const ada = await h.registerVerified({ firstName: 'Ada' });
    const grace = await h.registerVerified({ firstName: 'Grace' });
    const stranger = await h.registerVerified({ communityId: (await createCommunity(h.db, 'Elsewhere')).id });
    const bulk = `/admin/communities/${h.community.id}/adjustments`;
    const balances = async () =>
      (await h.db.selectFrom('users').select(['id', 'available_pips']).where('id', 'in', [ada.userId, grace.userId]).orderBy('id').execute()).map((u) => u.available_pips);

    // Problems on four lines: nothing is applied, each line says why.
    const bad = [
      'Reason,EMAIL,delta',
      `"Fair, day one",${ada.email.toUpperCase()},+20`,
      `Oops,${grace.email},-5`,
      `Zero,${ada.email},0`,
      `,${ada.email},4`,
      `Elsewhere,${stranger.email},3`,
      '',
    ].join('\n');
    const refused = expectOk(await as(editor).post(bulk, { csv: bad }));
    expect(refused.applied).toBe(0);
    expect(refused.rows.map((r: { line: number; problem: string | null }) => [r.line, r.problem])).toEqual([
      [2, null],
      [3, 'INSUFFICIENT_PIPS'],
      [4, 'BAD_DELTA'],
      [5, 'NO_REASON'],
      [6, 'NO_SUCH_MEMBER'],
    ]);
    expect(refused.rows[0]).toMatchObject({ email: ada.email, delta: 20, reason: 'Fair, day one', userId: ada.userId, availableBefore: 0, availableAfter: 20 });
    expect(await balances()).toEqual([0, 0]);

    // A member's lines apply in order: +20 then -15 is fine. A dry run changes nothing.
    const good = ['email,delta,reason', `${ada.email},20,Fair`, `${ada.email},-15,Correction`, `${grace.email},7,Fair`].join('\r\n');
    const dry = expectOk(await as(editor).post(bulk, { csv: good, dryRun: true }));
    expect(dry).toMatchObject({ dryRun: true, applied: 0 });
    expect(dry.rows.map((r: { availableAfter: number; problem: null }) => [r.availableAfter, r.problem])).toEqual([[20, null], [5, null], [7, null]]);
    expect(await balances()).toEqual([0, 0]);
    expect(await h.db.selectFrom('audit_log').select('id').execute()).toEqual([]);

    expect(expectOk(await as(editor).post(bulk, { csv: good }))).toMatchObject({ dryRun: false, applied: 3 });
    expect(await balances()).toEqual([5, 7]);
    const ledger = await h.db.selectFrom('ledger_entries').select(['user_id', 'delta', 'reason']).where('kind', '=', 'adjustment').orderBy('id').execute();
    expect(ledger).toEqual([
      { user_id: ada.userId, delta: 20, reason: 'Fair' },
      { user_id: ada.userId, delta: -15, reason: 'Correction' },
      { user_id: grace.userId, delta: 7, reason: 'Fair' },
    ]);
    const [entry] = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entry).toMatchObject({ action: 'members.bulkAdjust', entity: 'community', entityId: h.community.id, after: { lines: 3 } });

    // Not a CSV of adjustments; a viewer.
    expectFailure(await as(editor).post(bulk, { csv: 'name,pips\nAda,3' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(bulk, { csv: 'email,delta,reason\n\n' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(await operator('viewer')).post(bulk, { csv: good }), 403, 'FORBIDDEN');
    expect(await balances()).toEqual([5, 7]);
  });

  it('reports the period: members, pips earned, redeemed and adjusted, earnings per source and day, redemptions, low stock', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const pid = await earnPromo();
    const reward = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, {
        type: 'REDEEM',
        title: { en: 'Coffee' },
        options: [
          { label: { en: 'Small' }, pips: 3 },
          { label: { en: 'Large' }, pips: 6 },
        ],
      }),
    );
    const [small, large] = reward.options as { optId: number }[];
    expectOk(await as(editor).post(`/admin/options/${small.optId}/codes`, { codes: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'] }));
    expectOk(await as(editor).post(`/admin/options/${large.optId}/codes`, { codes: ['L1', 'L2'] }));
    expectOk(await h.call({ method: 'POST', url: '/mobile/earn', token: member.authToken, form: { pid } }));
    expectOk(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 10, reason: 'Welcome' }));
    expectOk(
      await h.call({ method: 'POST', url: '/mobile/redeem', token: member.authToken, form: { pid: reward.promo.id, optId: small.optId, amount: 1, idempotencyKey: 'report-redeem-0001' } }),
    );

    const report = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/report`, { days: 7 }));
    expect(report.days).toBe(7);
    expect(Date.parse(report.to) - Date.parse(report.from)).toBe(7 * 86_400_000);
    expect(report.members).toEqual({ total: 3, joined: 3 });
    expect(report.pips).toEqual({ earned: 5, redeemed: 3, adjusted: 10 });
    expect(report.earnings).toEqual([
      { day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), kind: 'promo', sourceId: pid, title: { en: 'Visit us', es: 'Visítanos' }, count: 1, pips: 5 },
    ]);
    expect(report.redemptions).toEqual([{ promoId: reward.promo.id, optId: small.optId, title: { en: 'Coffee' }, label: { en: 'Small' }, count: 1, pips: 3 }]);
    expect(report.stock).toEqual([
      { promoId: reward.promo.id, optId: large.optId, title: { en: 'Coffee' }, label: { en: 'Large' }, codesLeft: 2, codesTotal: 2, low: true, stock: 'low' },
      { promoId: reward.promo.id, optId: small.optId, title: { en: 'Coffee' }, label: { en: 'Small' }, codesLeft: 5, codesTotal: 6, low: false, stock: 'ok' },
    ]);
    // Everything happened within the last day.
    const day = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/report`, { days: 1 }));
    expect(day.pips).toEqual(report.pips);
    expectFailure(await as(member).get(`/admin/communities/${h.community.id}/report`), 403, 'FORBIDDEN');
    expectFailure(await as(viewer).get(`/admin/communities/${h.community.id}/report`, { days: 0 }), 400, 'VALIDATION_ERROR');
  });

  it('lists and searches the community\'s members with their balances', async () => {
    const viewer = await operator('viewer');
    const ada = await h.registerVerified({ firstName: 'Ada', lastName: 'Lovelace' });
    await h.registerVerified({ firstName: 'Grace', lastName: 'Hopper' });
    const all = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/members`, { page: 1, size: 50 }));
    expect(all.total).toBe(3);
    const found = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/members`, { q: 'lovel', page: 1, size: 50 }));
    expect(found.total).toBe(1);
    expect(found.members[0]).toMatchObject({ userId: ada.userId, email: ada.email, firstName: 'Ada', verified: true, availablePips: 0 });
    const byMail = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/members`, { q: ada.email.toUpperCase(), page: 1, size: 50 }));
    expect(byMail.members.map((m: { userId: number }) => m.userId)).toEqual([ada.userId]);
    // LIKE's wildcards are plain characters in a search.
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/members`, { q: '%', page: 1, size: 50 })).total).toBe(0);
    // By id, bare or as #id; a member of another community is not found by its id.
    const search = async (q: string) =>
      expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/members`, { q, page: 1, size: 50 })).members.map((m: { userId: number }) => m.userId);
    expect(await search(String(ada.userId))).toContain(ada.userId);
    expect(await search(`#${ada.userId}`)).toEqual([ada.userId]);
    const other = await createCommunity(h.db, 'Elsewhere');
    const stranger = await h.registerVerified({ firstName: 'Stranger', communityId: other.id });
    expect(await search(`#${stranger.userId}`)).toEqual([]);
    expect(await search('#99999999999')).toEqual([]);
  });
});
