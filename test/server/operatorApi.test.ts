import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { createCommunity } from '../../server/db/repositories/communities';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import { createEarnPromo } from '../../server/db/repositories/promos';
import { createQuestionnaire } from '../../server/db/repositories/questionnaires';
import { insertMember, teamsOfContest } from '../../server/db/repositories/trivia';
import type { OperatorRole } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, PNG_1X1, TEST_PASSWORD, useHarness, type TestUser } from './helpers/harness';

/**
 * The operator API (issue 14): roles per community, members and other communities' operators
 * refused, viewers read only, every write audited in its own transaction, archived content gone
 * from member calls at once.
 */
describe.each(backends)('operator API on $name', (backend) => {
  const h = useHarness(backend);

  const operator = async (role: OperatorRole, communityId = h.community.id): Promise<TestUser> => {
    const user = await h.registerVerified();
    await setOperatorRole(h.db, user.userId, communityId, role);
    return user;
  };
  const earnPromo = (communityId = h.community.id) =>
    createEarnPromo(h.db, { communityId, title: { en: 'Visit us', es: 'Visítanos' }, pips: 5, url: 'https://example.org/' });

  const as = (user: TestUser) => ({
    get: (url: string, query?: Record<string, string | number>) => h.call({ url, query, token: user.authToken }),
    post: (url: string, json?: unknown) => h.call({ method: 'POST', url, token: user.authToken, ...(json === undefined ? {} : { json }) }),
    put: (url: string, json: unknown) => h.call({ method: 'PUT', url, token: user.authToken, json }),
    call: (method: 'DELETE', url: string) => h.call({ method, url, token: user.authToken }),
  });
  const memberPromoTitles = async (member: TestUser) =>
    (expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'EARN' }, token: member.authToken })).promos as { title: string }[]).map(
      (p) => p.title,
    );

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

  it('edits a promo: members see the change at once, the audit log keeps before and after', async () => {
    const pid = await earnPromo();
    const editor = await operator('editor');
    const member = await h.registerVerified();
    expect(await memberPromoTitles(member)).toEqual(['Visit us']);

    const edited = expectOk(await as(editor).put(`/admin/promos/${pid}`, { title: { en: 'Visit our page', es: 'Visita nuestra página' }, pips: 8 }));
    expect(edited).toMatchObject({ id: pid, title: { en: 'Visit our page', es: 'Visita nuestra página' }, pips: 8, archived: false });
    expect(await memberPromoTitles(member)).toEqual(['Visit our page']);

    const [entry] = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entry).toMatchObject({
      operator: editor.email,
      action: 'promo.update',
      entity: 'promo',
      entityId: String(pid),
      before: { title: { en: 'Visit us', es: 'Visítanos' }, pips: 5 },
      after: { title: { en: 'Visit our page', es: 'Visita nuestra página' }, pips: 8 },
    });
    // A reward's price is not the promo's to change; bad input changes nothing.
    expectFailure(await as(editor).put(`/admin/promos/${pid}`, {}), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).put(`/admin/promos/${pid}`, { url: 'http://plain.example' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).put(`/admin/promos/${pid}`, { title: { en: '   ' } }), 400, 'VALIDATION_ERROR');
    expect(await h.db.selectFrom('audit_log').select('id').execute()).toHaveLength(1);
  });

  it('archives a promo out of every member call at once, and restores it', async () => {
    const pid = await earnPromo();
    const owner = await operator('owner');
    const member = await h.registerVerified();

    expect(expectOk(await as(owner).post(`/admin/promos/${pid}/archive`))).toMatchObject({ id: pid, archived: true });
    expect(await memberPromoTitles(member)).toEqual([]);
    expectFailure(await h.call({ method: 'POST', url: '/mobile/earn', token: member.authToken, form: { pid } }), 404, 'NOT_FOUND');
    expect(expectOk(await as(owner).get(`/admin/communities/${h.community.id}/promos`, { type: 'EARN', archived: 'true' })).promos).toHaveLength(1);
    expect(expectOk(await as(owner).get(`/admin/communities/${h.community.id}/promos`, { type: 'EARN' })).promos).toHaveLength(0);
    // Archiving twice is harmless and writes no second row.
    expectOk(await as(owner).post(`/admin/promos/${pid}/archive`));

    expect(expectOk(await as(owner).post(`/admin/promos/${pid}/restore`))).toMatchObject({ archived: false });
    expect(await memberPromoTitles(member)).toEqual(['Visit us']);
    const actions = expectOk(await as(owner).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual(['promo.restore', 'promo.archive']);
  });

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

  it('creates an earn action and a reward with its options: live for members at once, audited', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const promos = `/admin/communities/${h.community.id}/promos`;

    const earn = expectOk(
      await as(editor).post(promos, { type: 'EARN', title: { en: 'Run with us', es: 'Corre con nosotros' }, pips: 7, url: 'https://example.org/run', earnLimit: 'daily' }),
    );
    expect(earn).toMatchObject({ promo: { type: 'EARN', title: { en: 'Run with us', es: 'Corre con nosotros' }, pips: 7, earnLimit: 'daily', archived: false }, options: [] });
    expect(await memberPromoTitles(member)).toEqual(['Run with us']);

    const reward = expectOk(
      await as(editor).post(promos, {
        type: 'REDEEM',
        title: { en: 'Cinema ticket' },
        terms: { en: 'One per visit' },
        options: [
          { label: { en: 'Two tickets' }, pips: 180 },
          { label: { en: 'One ticket', es: 'Una entrada' }, pips: 100 },
        ],
      }),
    );
    expect(reward.promo).toMatchObject({ type: 'REDEEM', title: { en: 'Cinema ticket' }, pips: 0 });
    expect(reward.options.map((o: { label: unknown; pips: number; codesLeft: number; stock: string }) => [o.label, o.pips, o.codesLeft, o.stock])).toEqual([
      [{ en: 'One ticket', es: 'Una entrada' }, 100, 0, 'none'],
      [{ en: 'Two tickets' }, 180, 0, 'none'],
    ]);
    const rewards = expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'REDEEM' }, token: member.authToken })).promos;
    expect(rewards).toMatchObject([{ id: reward.promo.id, title: 'Cinema ticket', available: false }]);
    const listed = expectOk(await as(editor).get(`/admin/promos/${reward.promo.id}/options`)).options;
    expect(listed).toEqual(reward.options);

    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(actions.map((e: { action: string; entityId: string }) => [e.action, e.entityId])).toEqual([
      ['promo.create', String(reward.promo.id)],
      ['promo.create', String(earn.promo.id)],
    ]);
    expect(actions[0].after).toMatchObject({ title: { en: 'Cinema ticket' }, options: [{ pips: 100 }, { pips: 180 }] });

    // Bad input creates nothing; a viewer, another community's operator and a member may not.
    const before = await h.db.selectFrom('promos').select('id').execute();
    expectFailure(await as(editor).post(promos, { type: 'EARN', title: { en: 'No pips' } }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(promos, { type: 'REDEEM', title: { en: 'No options' }, options: [] }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(promos, { type: 'EARN', title: { en: 'Mixed' }, pips: 5, options: [{ label: { en: 'x' }, pips: 1 }] }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(promos, { type: 'EARN', title: { en: 'Plain link' }, pips: 5, url: 'http://example.org' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(await operator('viewer')).post(promos, { type: 'EARN', title: { en: 'Viewer' }, pips: 5 }), 403, 'FORBIDDEN');
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    expectFailure(await as(stranger).post(promos, { type: 'EARN', title: { en: 'Stranger' }, pips: 5 }), 403, 'FORBIDDEN');
    expectFailure(await as(member).post(promos, { type: 'EARN', title: { en: 'Member' }, pips: 5 }), 403, 'FORBIDDEN');
    expectFailure(await as(stranger).get(`/admin/promos/${reward.promo.id}/options`), 404, 'NOT_FOUND');
    expectFailure(await as(editor).get(`/admin/promos/${earn.promo.id}/options`), 404, 'NOT_FOUND');
    expect(await h.db.selectFrom('promos').select('id').execute()).toEqual(before);
  });

  it('imports gift-card codes: a dry run changes nothing and names every skipped code; the import is all or nothing', async () => {
    const editor = await operator('editor');
    const created = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Gift card' }, options: [{ label: { en: '10 €' }, pips: 10 }] }),
    );
    const codes = `/admin/options/${created.options[0].optId}/codes`;
    expect(expectOk(await as(editor).post(codes, { codes: ['AAA-1'] }))).toEqual({ dryRun: false, imported: 1, skipped: [], codesLeft: 1 });

    const list = [' BBB-2 ', 'CCC-3', 'BBB-2', '   ', 'AAA-1'];
    const dry = expectOk(await as(editor).post(codes, { codes: list, dryRun: true }));
    expect(dry).toEqual({
      dryRun: true,
      imported: 2,
      skipped: [
        { line: 3, code: 'BBB-2', reason: 'REPEATED', loadedFor: null },
        { line: 4, code: '   ', reason: 'BLANK', loadedFor: null },
        // Loaded already, and where (a code is unique across the database: issue 46).
        { line: 5, code: 'AAA-1', reason: 'ALREADY_LOADED', loadedFor: { promoId: created.promo.id, optId: created.options[0].optId, reward: { en: 'Gift card' }, option: { en: '10 €' } } },
      ],
      codesLeft: 1,
    });
    expect(await h.db.selectFrom('gift_card_codes').select('code').orderBy('code').execute()).toEqual([{ code: 'AAA-1' }]);

    const done = expectOk(await as(editor).post(codes, { codes: list }));
    expect(done).toEqual({ ...dry, dryRun: false, codesLeft: 3 });
    expect((await h.db.selectFrom('gift_card_codes').select('code').orderBy('code').execute()).map((r) => r.code)).toEqual(['AAA-1', 'BBB-2', 'CCC-3']);
    // The member can now redeem it.
    const member = await h.registerVerified();
    expect(expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'REDEEM' }, token: member.authToken })).promos[0].available).toBe(true);

    // The audit log keeps the counts, never the codes.
    const entries = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entries[0]).toMatchObject({ action: 'codes.import', entity: 'option', before: { codesLeft: 1 }, after: { codesLeft: 3, imported: 2, skipped: 3 } });
    expect(JSON.stringify(entries)).not.toContain('BBB-2');

    // Refused: a viewer, an unknown option, control characters, an empty list.
    expectFailure(await as(await operator('viewer')).post(codes, { codes: ['DDD-4'] }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).post('/admin/options/999999/codes', { codes: ['DDD-4'] }), 404, 'NOT_FOUND');
    expectFailure(await as(editor).post(codes, { codes: ['EEE\u00005'] }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(codes, { codes: [] }), 400, 'VALIDATION_ERROR');
    expect(await h.db.selectFrom('gift_card_codes').select('id').execute()).toHaveLength(3);
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

  it('creates an earn QR code whose link credits when scanned, and ends it: scans answer QR_CODE_EXPIRED from then on', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const [first, second] = [await h.registerVerified(), await h.registerVerified()];
    const scan = async (member: TestUser, link: string) => {
      const { token } = expectOk(await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam: link }, token: member.authToken }));
      return h.call({ method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken: token }, token: member.authToken });
    };
    const codes = `/admin/communities/${h.community.id}/qr-codes`;

    const qr = expectOk(await as(editor).post(codes, { title: { en: 'Front desk', es: 'Recepción' }, pips: 4, earnLimit: 'daily', cap: 100 }));
    expect(qr).toMatchObject({ title: { en: 'Front desk', es: 'Recepción' }, pips: 4, earnLimit: 'daily', cap: 100, claims: 0, live: true, validUntil: null });
    expect(qr.link).toMatch(new RegExp(`^${h.config.publicUrl}/earn\\?qr=[A-Za-z0-9_-]{22}$`));
    expect(expectOk(await scan(first, qr.link))).toMatchObject({ pipsEarned: 4 });
    expect(expectOk(await as(viewer).get(codes)).qrCodes).toEqual([{ ...qr, claims: 1 }]);

    const ended = expectOk(await as(editor).post(`/admin/qr-codes/${qr.id}/end`));
    expect(ended).toMatchObject({ id: qr.id, live: false, claims: 1 });
    expect(Date.parse(ended.validUntil)).toBeLessThanOrEqual(h.clock.now().getTime());
    expectFailure(await scan(second, qr.link), 400, 'QR_CODE_EXPIRED');
    // Ending twice is harmless and writes no second row.
    expectOk(await as(editor).post(`/admin/qr-codes/${qr.id}/end`));
    const actions = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['qr.end', 'qr.create']);

    // Refused: a viewer writes, an end before the start, an unknown code.
    expectFailure(await as(viewer).post(codes, { title: { en: 'Viewer' }, pips: 1 }), 403, 'FORBIDDEN');
    expectFailure(await as(viewer).post(`/admin/qr-codes/${qr.id}/end`), 403, 'FORBIDDEN');
    expectFailure(await as(editor).post(codes, { title: { en: 'Backwards' }, pips: 1, validFrom: '2030-01-02T00:00:00Z', validUntil: '2030-01-01T00:00:00Z' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post('/admin/qr-codes/999999/end'), 404, 'NOT_FOUND');
    expect(await h.db.selectFrom('earn_qr_codes').select('id').execute()).toHaveLength(1);
  });

  it('publishes and deletes announcements: members see them at once, and no longer after the delete', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const list = `/admin/communities/${h.community.id}/announcements`;
    const memberTitles = async () =>
      (expectOk(await h.call({ url: '/mobile/announcements', token: member.authToken, headers: { 'accept-language': 'es' } })).announcements as { title: string }[]).map(
        (a) => a.title,
      );

    const created = expectOk(await as(editor).post(list, { title: { en: 'Market day', es: 'Día de mercado' }, text: { en: 'Saturday at ten.' }, url: '/earn' }));
    expect(created).toMatchObject({ title: { en: 'Market day', es: 'Día de mercado' }, text: { en: 'Saturday at ten.' }, url: '/earn', read: 0, deleted: 0, pushed: 0 });
    expect(await memberTitles()).toEqual(['Día de mercado']);
    expect(expectOk(await as(viewer).get(list)).announcements).toEqual([created]);

    expectFailure(await as(viewer).call('DELETE', `/admin/announcements/${created.id}`), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).call('DELETE', `/admin/announcements/${created.id}`))).toEqual({ deleted: true });
    expect(await memberTitles()).toEqual([]);
    expectFailure(await as(editor).call('DELETE', `/admin/announcements/${created.id}`), 404, 'NOT_FOUND');
    const actions = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['announcement.delete', 'announcement.create']);

    // Refused: no text, a link out of the app, a viewer.
    expectFailure(await as(editor).post(list, { title: { en: 'Empty' }, text: {} }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(editor).post(list, { title: { en: 'Away' }, text: { en: 'x' }, url: 'https://elsewhere.example' }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(viewer).post(list, { title: { en: 'Viewer' }, text: { en: 'x' } }), 403, 'FORBIDDEN');
    expect(expectOk(await as(viewer).get(list)).announcements).toEqual([]);
  });

  it('deletes a promo or a QR code nothing refers to, and refuses with IN_USE otherwise', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const promos = `/admin/communities/${h.community.id}/promos`;
    const unused = await earnPromo();
    const earned = await earnPromo();
    expectOk(await h.call({ method: 'POST', url: '/mobile/earn', token: member.authToken, form: { pid: earned } }));
    const bare = expectOk(await as(editor).post(promos, { type: 'REDEEM', title: { en: 'Bare' }, options: [{ label: { en: 'One' }, pips: 1 }] }));
    const stocked = expectOk(await as(editor).post(promos, { type: 'REDEEM', title: { en: 'Stocked' }, options: [{ label: { en: 'One' }, pips: 1 }] }));
    expectOk(await as(editor).post(`/admin/options/${stocked.options[0].optId}/codes`, { codes: ['ST-1'] }));

    expectFailure(await as(await operator('viewer')).call('DELETE', `/admin/promos/${unused}`), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).call('DELETE', `/admin/promos/${unused}`))).toEqual({ deleted: true });
    expect(expectOk(await as(editor).call('DELETE', `/admin/promos/${bare.promo.id}`))).toEqual({ deleted: true });
    expect(await h.db.selectFrom('promo_options').select('id').where('promo_id', '=', bare.promo.id).execute()).toEqual([]);
    expect(expectFailure(await as(editor).call('DELETE', `/admin/promos/${earned}`), 409, 'IN_USE').error.message).toContain('earned 1 time(s)');
    expect(expectFailure(await as(editor).call('DELETE', `/admin/promos/${stocked.promo.id}`), 409, 'IN_USE').error.message).toContain('1 gift-card code(s)');
    expectFailure(await as(editor).call('DELETE', `/admin/promos/${unused}`), 404, 'NOT_FOUND');
    expect(await memberPromoTitles(member)).toEqual(['Visit us']);

    const codes = `/admin/communities/${h.community.id}/qr-codes`;
    const fresh = expectOk(await as(editor).post(codes, { title: { en: 'Fresh' }, pips: 1 }));
    const scanned = expectOk(await as(editor).post(codes, { title: { en: 'Scanned' }, pips: 1 }));
    const { token } = expectOk(await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam: scanned.link }, token: member.authToken }));
    expectOk(await h.call({ method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken: token }, token: member.authToken }));
    expect(expectOk(await as(editor).call('DELETE', `/admin/qr-codes/${fresh.id}`))).toEqual({ deleted: true });
    expectFailure(await as(editor).call('DELETE', `/admin/qr-codes/${scanned.id}`), 409, 'IN_USE');
    expect((await h.db.selectFrom('earn_qr_codes').select('id').execute()).map((r) => r.id)).toEqual([scanned.id]);

    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 20 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.delete'))).toEqual(['qr.delete', 'promo.delete', 'promo.delete']);
  });

  it('archives a questionnaire out of the members\' Forms at once, and restores it', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const payload = { title: { en: 'Club survey', es: 'Encuesta del club' }, steps: [{ title: 'One', parts: [{ id: 'q', type: 'text', label: 'Why?' }] }] };
    const id = await createQuestionnaire(h.db, { communityId: h.community.id, payload, pips: 15 });
    const memberForms = async () => (expectOk(await h.call({ url: '/web/questionnaires', query: { page: 1, size: 50 }, token: member.authToken })).questionnaires as { id: number }[]).map((q) => q.id);
    expect(await memberForms()).toEqual([id]);

    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/questionnaires`)).questionnaires).toEqual([
      { id, title: { en: 'Club survey', es: 'Encuesta del club' }, pips: 15, steps: 1, answers: 0, archived: false },
    ]);
    expectFailure(await as(viewer).post(`/admin/questionnaires/${id}/archive`), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).post(`/admin/questionnaires/${id}/archive`))).toMatchObject({ id, archived: true });
    expect(await memberForms()).toEqual([]);
    expectOk(await as(editor).post(`/admin/questionnaires/${id}/archive`));
    expect(expectOk(await as(editor).post(`/admin/questionnaires/${id}/restore`))).toMatchObject({ id, archived: false });
    expect(await memberForms()).toEqual([id]);
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    expectFailure(await as(stranger).post(`/admin/questionnaires/${id}/archive`), 404, 'NOT_FOUND');
    const actions = expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['questionnaire.restore', 'questionnaire.archive']);
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

  it('creates a Chance to Win contest, draws it now with the members who qualified, announces the winners, and refuses a second draw', async () => {
    const owner = await operator('owner');
    const viewer = await operator('viewer');
    const ada = await h.registerVerified({ firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await h.registerVerified({ firstName: 'Bob', lastName: 'Hope' });
    const base = `/admin/communities/${h.community.id}/chance-to-win`;
    const inAWeek = new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const contest = { name: { en: 'Summer draw', es: 'Sorteo de verano' }, prize: { en: 'A bike' }, thresholdPips: 20, drawsAt: inAWeek };

    expectFailure(await as(viewer).post(base, contest), 403, 'FORBIDDEN');
    expectFailure(await as(owner).post(base, { ...contest, drawsAt: new Date(h.clock.now().getTime() - 1000).toISOString() }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(owner).post(base, { ...contest, thresholdPips: 0 }), 400, 'VALIDATION_ERROR');
    expectFailure(await as(owner).post(base, { ...contest, startsAt: inAWeek }), 400, 'VALIDATION_ERROR');
    const created = expectOk(await as(owner).post(base, contest));
    expect(created).toMatchObject({ name: contest.name, prize: { en: 'A bike' }, thresholdPips: 20, numberOfWinners: 1, status: 'open', entries: null, winners: [] });
    expect(created.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(expectOk(await as(viewer).get(base)).contests.map((c: { id: number }) => c.id)).toEqual([created.id]);

    // Ada earns 25 pips in the window, Bob 10: only Ada qualifies.
    expectOk(await as(owner).post(`/admin/members/${ada.userId}/adjust`, { delta: 25, reason: 'helper' }));
    expectOk(await as(owner).post(`/admin/members/${bob.userId}/adjust`, { delta: 10, reason: 'helper' }));
    expectFailure(await as(viewer).post(`/admin/chance-to-win/${created.id}/draw`), 403, 'FORBIDDEN');
    const drawn = expectOk(await as(owner).post(`/admin/chance-to-win/${created.id}/draw`));
    expect(drawn).toMatchObject({ id: created.id, status: 'drawn', entries: 1, winners: [{ position: 1, name: 'Ada L.', userId: ada.userId, email: ada.email }] });
    expect(new Date(drawn.drawsAt).getTime()).toBeLessThanOrEqual(h.clock.now().getTime());
    expectFailure(await as(owner).post(`/admin/chance-to-win/${created.id}/draw`), 409, 'ALREADY_DRAWN');
    expectFailure(await as(owner).post('/admin/chance-to-win/999999/draw'), 404, 'NOT_FOUND');

    // The community hears about it; the audit log has the creation and the draw.
    const news = expectOk(await h.call({ url: '/mobile/announcements', token: bob.authToken })).announcements as { title: string }[];
    expect(news.map((a) => a.title).join(' ')).toContain('Summer draw');
    const actions = expectOk(await as(owner).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['ctw.create', 'ctw.draw']));
  });

  it('runs trivia: the daily settings, questions for the pool or a contest (every bad entry named, nothing added then), and team contests', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const base = `/admin/communities/${h.community.id}/trivia`;
    const question = (text: string, right = 0) => ({
      text: { en: text, es: `${text} (es)` },
      answers: [{ text: { en: 'Yes' } }, { text: { en: 'No' } }].map((a, i) => (i === right ? { ...a, correct: true } : a)),
    });

    expect(expectOk(await as(viewer).get(base))).toEqual({ dailyAllowance: 3, timeZone: 'UTC', questions: 0, contests: [] });
    expectFailure(await as(viewer).put(base, { dailyAllowance: 5 }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).put(base, { timeZone: 'Mars/Olympus' }), 400, 'VALIDATION_ERROR');
    expect(expectOk(await as(editor).put(base, { dailyAllowance: 5, timeZone: 'Europe/Madrid' }))).toMatchObject({ dailyAllowance: 5, timeZone: 'Europe/Madrid' });

    const bad = expectFailure(
      await as(editor).post(`${base}/questions`, { questions: [question('Is water wet?'), { text: { en: 'Two right?' }, answers: [{ text: { en: 'A' }, correct: true }, { text: { en: 'B' }, correct: true }] }] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(bad.error.message).toContain('question 2: exactly one answer must be');
    expect(expectOk(await as(viewer).get(base)).questions).toBe(0);
    expect(expectOk(await as(editor).post(`${base}/questions`, { questions: [question('Is water wet?'), question('Is fire cold?', 1)] }))).toEqual({ added: 2, total: 2 });

    expectFailure(
      await as(editor).post(`${base}/contests`, { name: { en: 'Quiz night' }, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z', pipsPerAnswer: 3, teams: [{ en: 'Red' }, { en: 'Blue' }] }),
      400,
      'VALIDATION_ERROR',
    );
    expectFailure(await as(editor).post(`${base}/contests`, { name: { en: 'Quiz night' }, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-02T00:00:00Z', pipsPerAnswer: 3, teams: [{ en: 'Red' }] }), 400, 'VALIDATION_ERROR');
    const contest = expectOk(
      await as(editor).post(`${base}/contests`, {
        name: { en: 'Quiz night', es: 'Noche de preguntas' },
        startsAt: '2026-12-01T00:00:00Z',
        endsAt: '2026-12-02T00:00:00Z',
        pipsPerAnswer: 3,
        joinPips: 2,
        teams: [{ en: 'Red', es: 'Rojos' }, { en: 'Blue' }],
      }),
    );
    expect(contest).toMatchObject({ name: { en: 'Quiz night', es: 'Noche de preguntas' }, pipsPerAnswer: 3, joinPips: 2, teams: [{ en: 'Red', es: 'Rojos' }, { en: 'Blue' }], members: 0, questions: 0 });
    expect(expectOk(await as(editor).post(`${base}/questions`, { contestId: contest.id, questions: [question('Is ice cold?')] }))).toEqual({ added: 1, total: 1 });
    expectFailure(await as(editor).post(`${base}/questions`, { contestId: 999999, questions: [question('Lost?')] }), 404, 'NOT_FOUND');

    const trivia = expectOk(await as(viewer).get(base));
    expect(trivia).toMatchObject({ dailyAllowance: 5, questions: 2, contests: [{ id: contest.id, questions: 1 }] });
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.sort()).toEqual(['trivia.contest.create', 'trivia.questions', 'trivia.questions', 'trivia.settings']);
  });

  it('creates a questionnaire from its payload, naming every problem of a bad one; members get it in their language', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const base = `/admin/communities/${h.community.id}/questionnaires`;
    const payload = {
      title: { en: 'Park survey', es: 'Encuesta del parque' },
      steps: [{ parts: [{ id: 'visits', type: 'singleChoice', label: { en: 'How often?', es: '¿Con qué frecuencia?' }, required: true, options: [{ value: 'weekly', label: 'Weekly' }, { value: 'never', label: 'Never' }] }] }],
    };
    expectFailure(await as(viewer).post(base, { payload, pips: 5 }), 403, 'FORBIDDEN');
    const bad = expectFailure(await as(editor).post(base, { payload: { title: '', steps: [] }, pips: 5 }), 400, 'VALIDATION_ERROR');
    expect(bad.error.message).toMatch(/^payload: /);
    expectFailure(await as(editor).post(base, { payload, pips: -1 }), 400, 'VALIDATION_ERROR');
    expect(expectOk(await as(viewer).get(base)).questionnaires).toEqual([]);

    const created = expectOk(await as(editor).post(base, { payload, pips: 5 }));
    expect(created).toMatchObject({ title: { en: 'Park survey', es: 'Encuesta del parque' }, pips: 5, steps: 1, answers: 0, archived: false });
    const got = expectOk(await h.call({ url: '/web/questionnaires', query: { page: 1, size: 10 }, token: member.authToken, headers: { 'accept-language': 'es' } }));
    expect(JSON.stringify(got)).toContain('Encuesta del parque');
    const [entry] = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries;
    expect(entry).toMatchObject({ action: 'questionnaire.create', entityId: String(created.id) });
  });

  it('lists an option\'s codes with who got each one, and voids a free code (never one handed out)', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    const member = await h.registerVerified();
    const reward = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Tea' }, options: [{ label: { en: 'Cup' }, pips: 3 }] }),
    );
    const optId = (reward.options as { optId: number }[])[0].optId;
    expectOk(await as(editor).post(`/admin/options/${optId}/codes`, { codes: ['T1', 'T2', 'T3'] }));
    expectOk(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 10, reason: 'Welcome' }));
    expectOk(await h.call({ method: 'POST', url: '/mobile/redeem', token: member.authToken, form: { pid: reward.promo.id, optId, amount: 1, idempotencyKey: 'codes-redeem-0001' } }));

    // Whole for an editor (a viewer's are masked: giftCodeRoles.test.ts).
    const page = expectOk(await as(editor).get(`/admin/options/${optId}/codes`, { page: 1, size: 10 }));
    expect(page.total).toBe(3);
    const handedOut = page.codes.find((c: { status: string }) => c.status === 'handedOut');
    expect(handedOut).toMatchObject({ code: 'T1', userId: member.userId, email: member.email });
    expect(Date.parse(handedOut.handedOutAt)).toBeGreaterThan(0);
    const free = expectOk(await as(editor).get(`/admin/options/${optId}/codes`, { page: 1, size: 10, status: 'free' }));
    expect(free.codes.map((c: { code: string }) => c.code)).toEqual(['T3', 'T2']);
    expectFailure(await as(stranger).get(`/admin/options/${optId}/codes`, { page: 1, size: 10 }), 404, 'NOT_FOUND');

    const t2 = free.codes.find((c: { code: string }) => c.code === 'T2').id;
    expectFailure(await as(viewer).post(`/admin/codes/${t2}/void`), 403, 'FORBIDDEN');
    expectFailure(await as(stranger).post(`/admin/codes/${t2}/void`), 404, 'NOT_FOUND');
    expectFailure(await as(editor).post(`/admin/codes/${handedOut.id}/void`), 409, 'IN_USE');
    expect(expectOk(await as(editor).post(`/admin/codes/${t2}/void`))).toEqual({ voided: true, codesLeft: 1 });
    expectFailure(await as(editor).post(`/admin/codes/${t2}/void`), 404, 'NOT_FOUND');
    // The member's code is untouched; the audit keeps the counts, not the code.
    expect(expectOk(await as(editor).get(`/admin/options/${optId}/codes`, { page: 1, size: 10 })).codes.map((c: { code: string }) => c.code)).toEqual(['T3', 'T1']);
    const entry = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 10 })).entries.find((e: { action: string }) => e.action === 'codes.void');
    expect(entry).toMatchObject({ action: 'codes.void', before: { codesLeft: 2 }, after: { codesLeft: 1, voidedCodeId: t2 } });
    expect(JSON.stringify(entry)).not.toContain('"T2"');
  });

  it('edits a QR code (same printed link) and a reward option\'s label and price; scans and redemptions follow at once; audited', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const qr = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/qr-codes`, { title: { en: 'Gate' }, pips: 4 }));
    expectFailure(await as(viewer).put(`/admin/qr-codes/${qr.id}`, { pips: 9 }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).put(`/admin/qr-codes/${qr.id}`, {}), 400, 'VALIDATION_ERROR');
    const edited = expectOk(await as(editor).put(`/admin/qr-codes/${qr.id}`, { title: { en: 'Main gate', es: 'Puerta principal' }, pips: 9, cap: 5 }));
    expect(edited).toMatchObject({ id: qr.id, title: { en: 'Main gate', es: 'Puerta principal' }, pips: 9, cap: 5, link: qr.link, live: true });
    expect(expectOk(await as(editor).put(`/admin/qr-codes/${qr.id}`, { cap: null }))).toMatchObject({ cap: null });
    expectFailure(await as(editor).put('/admin/qr-codes/999999', { pips: 2 }), 404, 'NOT_FOUND');

    const reward = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Tea' }, options: [{ label: { en: 'Cup' }, pips: 30 }] }),
    );
    const optId = (reward.options as { optId: number }[])[0].optId;
    expectOk(await as(editor).post(`/admin/options/${optId}/codes`, { codes: ['T1'] }));
    expectFailure(await as(viewer).put(`/admin/options/${optId}`, { pips: 3 }), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).put(`/admin/options/${optId}`, { label: { en: 'Mug', es: 'Taza' }, pips: 3 }))).toMatchObject({ optId, label: { en: 'Mug', es: 'Taza' }, pips: 3, codesLeft: 1 });
    // The new price is what a member pays now.
    expectOk(await as(editor).post(`/admin/members/${member.userId}/adjust`, { delta: 5, reason: 'Welcome' }));
    const redeemed = expectOk(
      await h.call({ method: 'POST', url: '/mobile/redeem', token: member.authToken, form: { pid: reward.promo.id, optId, amount: 1, idempotencyKey: 'option-edit-0001' } }),
    );
    expect(redeemed.availablePips).toBe(2);
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.update')).sort()).toEqual(['option.update', 'qr.update', 'qr.update']);
  });

  it('edits an announcement (members read the new text) and an open Chance to Win contest (never a drawn one)', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const created = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/announcements`, { title: { en: 'Fair' }, text: { en: 'Saturday' } }));
    expectFailure(await as(viewer).put(`/admin/announcements/${created.id}`, { text: { en: 'Sunday' } }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).put(`/admin/announcements/${created.id}`, { url: 'https://elsewhere.example' }), 400, 'VALIDATION_ERROR');
    const edited = expectOk(await as(editor).put(`/admin/announcements/${created.id}`, { text: { en: 'Sunday', es: 'Domingo' }, url: '/earn' }));
    expect(edited).toMatchObject({ id: created.id, title: { en: 'Fair' }, text: { en: 'Sunday', es: 'Domingo' }, url: '/earn' });
    const news = expectOk(await h.call({ url: '/mobile/announcements', token: member.authToken, headers: { 'accept-language': 'es' } })).announcements;
    expect(JSON.stringify(news)).toContain('Domingo');

    const base = `/admin/communities/${h.community.id}/chance-to-win`;
    const inAWeek = new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const contest = expectOk(await as(editor).post(base, { name: { en: 'Draw' }, thresholdPips: 20, drawsAt: inAWeek }));
    expectFailure(await as(editor).put(`/admin/chance-to-win/${contest.id}`, { drawsAt: new Date(h.clock.now().getTime() - 1000).toISOString() }), 400, 'VALIDATION_ERROR');
    const changed = expectOk(await as(editor).put(`/admin/chance-to-win/${contest.id}`, { thresholdPips: 5, prize: { en: 'A hat' }, numberOfWinners: 2 }));
    expect(changed).toMatchObject({ thresholdPips: 5, prize: { en: 'A hat' }, numberOfWinners: 2, commitment: contest.commitment, status: 'open' });
    expectOk(await as(editor).post(`/admin/chance-to-win/${contest.id}/draw`));
    expectFailure(await as(editor).put(`/admin/chance-to-win/${contest.id}`, { thresholdPips: 1 }), 409, 'ALREADY_DRAWN');
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.update')).sort()).toEqual(['announcement.update', 'ctw.update']);
  });

  it('deletes what nothing refers to (a questionnaire, an open draw, a trivia contest nobody joined) and edits a trivia contest', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const payload = { title: 'Quick poll', steps: [{ parts: [{ id: 'q', type: 'text', label: 'Why?' }] }] };
    const unused = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/questionnaires`, { payload, pips: 2 }));
    const answered = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/questionnaires`, { payload, pips: 2 }));
    await h.db.insertInto('questionnaire_answers').values({ questionnaire_id: answered.id, user_id: member.userId, answers: JSON.stringify({ q: 'yes' }) }).execute();
    expectFailure(await as(viewer).call('DELETE', `/admin/questionnaires/${unused.id}`), 403, 'FORBIDDEN');
    expectFailure(await as(editor).call('DELETE', `/admin/questionnaires/${answered.id}`), 409, 'IN_USE');
    // Edited: the pips at any time, the questions only while nobody answered.
    expect(expectOk(await as(editor).put(`/admin/questionnaires/${answered.id}`, { pips: 7 }))).toMatchObject({ pips: 7, answers: 1 });
    expectFailure(await as(editor).put(`/admin/questionnaires/${answered.id}`, { payload }), 409, 'IN_USE');
    expectFailure(await as(editor).put(`/admin/questionnaires/${unused.id}`, { payload: { title: '', steps: [] } }), 400, 'VALIDATION_ERROR');
    const retitled = expectOk(await as(editor).put(`/admin/questionnaires/${unused.id}`, { payload: { ...payload, title: { en: 'Poll', es: 'Encuesta' } } }));
    expect(retitled).toMatchObject({ title: { en: 'Poll', es: 'Encuesta' }, steps: 1 });
    expectFailure(await as(viewer).put(`/admin/questionnaires/${unused.id}`, { pips: 1 }), 403, 'FORBIDDEN');
    expect(expectOk(await as(editor).call('DELETE', `/admin/questionnaires/${unused.id}`))).toEqual({ deleted: true });
    expectFailure(await as(editor).call('DELETE', `/admin/questionnaires/${unused.id}`), 404, 'NOT_FOUND');

    const inAWeek = new Date(h.clock.now().getTime() + 7 * 86_400_000).toISOString();
    const draw = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/chance-to-win`, { name: { en: 'Oops' }, thresholdPips: 5, drawsAt: inAWeek }));
    const drawn = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/chance-to-win`, { name: { en: 'Kept' }, thresholdPips: 5, drawsAt: inAWeek }));
    expectOk(await as(editor).post(`/admin/chance-to-win/${drawn.id}/draw`));
    expectFailure(await as(editor).call('DELETE', `/admin/chance-to-win/${drawn.id}`), 409, 'ALREADY_DRAWN');
    expect(expectOk(await as(editor).call('DELETE', `/admin/chance-to-win/${draw.id}`))).toEqual({ deleted: true });
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/chance-to-win`)).contests.map((c: { id: number }) => c.id)).toEqual([drawn.id]);

    const base = `/admin/communities/${h.community.id}/trivia/contests`;
    const contest = (name: string) => ({ name: { en: name }, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-02T00:00:00Z', pipsPerAnswer: 3, teams: [{ en: 'Red' }, { en: 'Blue' }] });
    const empty = expectOk(await as(editor).post(base, contest('Empty')));
    const joined = expectOk(await as(editor).post(base, contest('Joined')));
    const [team] = await teamsOfContest(h.db, joined.id);
    await insertMember(h.db, { contestId: joined.id, userId: member.userId, teamId: team.id, displayName: null, at: new Date() });
    expectFailure(await as(editor).put(`/admin/trivia/contests/${joined.id}`, { endsAt: '2026-11-30T00:00:00Z' }), 400, 'VALIDATION_ERROR');
    expect(expectOk(await as(editor).put(`/admin/trivia/contests/${joined.id}`, { name: { en: 'Joined!', es: '¡Unidos!' }, pipsPerAnswer: 4 }))).toMatchObject({
      name: { en: 'Joined!', es: '¡Unidos!' },
      pipsPerAnswer: 4,
      members: 1,
      teams: [{ en: 'Red' }, { en: 'Blue' }],
    });
    expectFailure(await as(editor).call('DELETE', `/admin/trivia/contests/${joined.id}`), 409, 'IN_USE');
    expect(expectOk(await as(editor).call('DELETE', `/admin/trivia/contests/${empty.id}`))).toEqual({ deleted: true });
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/trivia`)).contests.map((c: { id: number }) => c.id)).toEqual([joined.id]);
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.delete') || a.endsWith('.update')).sort()).toEqual([
      'ctw.delete',
      'questionnaire.delete',
      'questionnaire.update',
      'questionnaire.update',
      'trivia.contest.delete',
      'trivia.contest.update',
    ]);
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

  it('adds an option to an existing reward: members can redeem it once it has codes; at most 20 options', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const reward = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Gift card' }, options: [{ label: { en: '$5' }, pips: 50 }] }),
    );
    const id = reward.promo.id;
    expectFailure(await as(viewer).post(`/admin/promos/${id}/options`, { label: { en: '$10' }, pips: 100 }), 403, 'FORBIDDEN');
    expectFailure(await as(editor).post(`/admin/promos/${id}/options`, { label: { en: '$10' }, pips: 0 }), 400, 'VALIDATION_ERROR');
    const earn = await earnPromo();
    expectFailure(await as(editor).post(`/admin/promos/${earn}/options`, { label: { en: '$10' }, pips: 100 }), 404, 'NOT_FOUND');
    const added = expectOk(await as(editor).post(`/admin/promos/${id}/options`, { label: { en: '$10', es: '10 $' }, pips: 100 }));
    expect(added).toMatchObject({ label: { en: '$10', es: '10 $' }, pips: 100, codesTotal: 0, codesLeft: 0 });
    expect(expectOk(await as(viewer).get(`/admin/promos/${id}/options`)).options.map((o: { pips: number }) => o.pips)).toEqual([50, 100]);
    for (let n = 3; n <= 20; n += 1) expectOk(await as(editor).post(`/admin/promos/${id}/options`, { label: { en: `#${n}` }, pips: n }));
    expectFailure(await as(editor).post(`/admin/promos/${id}/options`, { label: { en: 'One too many' }, pips: 1 }), 409, 'IN_USE');
    // An option nothing refers to is deleted; one with codes is not, nor a reward's last option.
    const [first, second] = expectOk(await as(viewer).get(`/admin/promos/${id}/options`)).options as { optId: number }[];
    expectOk(await as(editor).post(`/admin/options/${first.optId}/codes`, { codes: ['GIFT-1'] }));
    expectFailure(await as(viewer).call('DELETE', `/admin/options/${second.optId}`), 403, 'FORBIDDEN');
    expectFailure(await as(editor).call('DELETE', `/admin/options/${first.optId}`), 409, 'IN_USE');
    expect(expectOk(await as(editor).call('DELETE', `/admin/options/${second.optId}`))).toEqual({ deleted: true });
    const single = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/promos`, { type: 'REDEEM', title: { en: 'Solo' }, options: [{ label: { en: 'Only' }, pips: 5 }] }));
    expectFailure(await as(editor).call('DELETE', `/admin/options/${single.options[0].optId}`), 409, 'IN_USE');
    const audit = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries;
    expect(audit.filter((e: { action: string }) => e.action === 'option.create')).toHaveLength(19);
    expect(audit.filter((e: { action: string }) => e.action === 'option.delete')).toHaveLength(1);
  });

  it('archives announcements, trivia contests and drawn Chance to Win contests out of member calls at once, and restores them', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const news = async () => (expectOk(await h.call({ url: '/mobile/announcements', token: member.authToken })).announcements as { id: number }[]).map((a) => a.id);
    const note = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/announcements`, { title: { en: 'Fair' }, text: { en: 'Saturday' }, push: true }));
    expect(await news()).toContain(note.id);
    expect(expectOk(await as(editor).put(`/admin/announcements/${note.id}`, { archived: true }))).toMatchObject({ archived: true });
    expect(await news()).not.toContain(note.id);
    // Its pushes not yet sent are dropped.
    expect(await h.db.selectFrom('push_deliveries').select('state').where('announcement_id', '=', note.id).where('state', '=', 'pending').execute()).toEqual([]);
    expectOk(await as(editor).put(`/admin/announcements/${note.id}`, { archived: false }));
    expect(await news()).toContain(note.id);

    const now = h.clock.now().getTime();
    const quiz = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/trivia/contests`, {
        name: { en: 'Quiz' },
        startsAt: new Date(now - 3600_000).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
        pipsPerAnswer: 1,
        teams: [{ en: 'Red' }, { en: 'Blue' }],
      }),
    );
    const quizzes = async () => (expectOk(await h.call({ url: '/mobile/contest/trivias', token: member.authToken })).contests as { id: number }[]).map((c) => c.id);
    expect(await quizzes()).toEqual([quiz.id]);
    expect(expectOk(await as(editor).put(`/admin/trivia/contests/${quiz.id}`, { archived: true }))).toMatchObject({ archived: true });
    expect(await quizzes()).toEqual([]);
    expectFailure(await h.call({ method: 'PUT', url: `/mobile/contest/trivia/${quiz.id}/join`, token: member.authToken }), 404, 'NOT_FOUND');
    expect(expectOk(await as(editor).get(`/admin/communities/${h.community.id}/trivia`)).contests).toEqual([expect.objectContaining({ id: quiz.id, archived: true })]);
    expectOk(await as(editor).put(`/admin/trivia/contests/${quiz.id}`, { archived: false }));
    expect(await quizzes()).toEqual([quiz.id]);

    const inAWeek = new Date(now + 7 * 86_400_000).toISOString();
    const draw = expectOk(await as(editor).post(`/admin/communities/${h.community.id}/chance-to-win`, { name: { en: 'Draw' }, thresholdPips: 5, drawsAt: inAWeek }));
    expectFailure(await as(editor).put(`/admin/chance-to-win/${draw.id}`, { archived: true }), 400, 'VALIDATION_ERROR');
    expectOk(await as(editor).post(`/admin/chance-to-win/${draw.id}/draw`));
    const past = async () => (expectOk(await h.call({ url: '/mobile/contest/chancetowin/archive', token: member.authToken })).challenges as unknown[]).length;
    expect(await past()).toBe(1);
    expect(expectOk(await as(editor).put(`/admin/chance-to-win/${draw.id}`, { archived: true }))).toMatchObject({ archived: true, status: 'drawn' });
    expect(await past()).toBe(0);
    expectFailure(await as(editor).put(`/admin/chance-to-win/${draw.id}`, { archived: false, thresholdPips: 1 }), 409, 'ALREADY_DRAWN');
    expectOk(await as(editor).put(`/admin/chance-to-win/${draw.id}`, { archived: false }));
    expect(await past()).toBe(1);
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.endsWith('.archive') || a.endsWith('.restore')).sort()).toEqual([
      'announcement.archive',
      'announcement.restore',
      'ctw.archive',
      'ctw.restore',
      'trivia.contest.archive',
      'trivia.contest.restore',
    ]);
  });

  it('lists, edits, archives and deletes single trivia questions; answers stay once a member was served it', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const member = await h.registerVerified();
    const base = `/admin/communities/${h.community.id}/trivia/questions`;
    const q = (text: string) => ({ text: { en: text }, answers: [{ text: { en: 'Yes' }, correct: true }, { text: { en: 'No' } }] });
    expectOk(await as(editor).post(base, { questions: [q('Is water wet?'), q('Is the sky blue?')] }));
    const page = expectOk(await as(viewer).get(base, { page: 1, size: 10 }));
    expect(page.total).toBe(2);
    const [sky, water] = page.questions;
    expect(sky).toMatchObject({ text: { en: 'Is the sky blue?' }, contestId: null, archived: false, served: 0, answered: 0, answers: [{ text: { en: 'Yes' }, correct: true }, { text: { en: 'No' }, correct: false }] });

    expectFailure(await as(viewer).put(`/admin/trivia/questions/${sky.id}`, { text: { en: 'Sky?' } }), 403, 'FORBIDDEN');
    const twoRight = [{ text: { en: 'A' }, correct: true }, { text: { en: 'B' }, correct: true }];
    expect(expectFailure(await as(editor).put(`/admin/trivia/questions/${sky.id}`, { answers: twoRight }), 400, 'VALIDATION_ERROR').error.message).toContain('exactly one answer');
    const edited = expectOk(
      await as(editor).put(`/admin/trivia/questions/${sky.id}`, { text: { en: 'Is the sky green?', es: '¿Es verde el cielo?' }, answers: [{ text: { en: 'Yes' } }, { text: { en: 'No' }, correct: true }, { text: { en: 'At dusk' } }] }),
    );
    expect(edited).toMatchObject({ text: { en: 'Is the sky green?', es: '¿Es verde el cielo?' }, answers: [{ correct: false }, { correct: true }, { correct: false }] });

    // A member is served a question: its answers stay, its text may change, it cannot be deleted.
    const served = expectOk(await h.call({ url: '/mobile/contest/trivia/individual/question', token: member.authToken }));
    const servedId = served.id as number;
    expectFailure(await as(editor).put(`/admin/trivia/questions/${servedId}`, { answers: [{ text: { en: 'A' }, correct: true }, { text: { en: 'B' } }] }), 409, 'IN_USE');
    expectOk(await as(editor).put(`/admin/trivia/questions/${servedId}`, { text: { en: 'Reworded' } }));
    expectFailure(await as(editor).call('DELETE', `/admin/trivia/questions/${servedId}`), 409, 'IN_USE');
    const other = servedId === sky.id ? water : sky;
    expect(expectOk(await as(editor).put(`/admin/trivia/questions/${servedId}`, { archived: true }))).toMatchObject({ archived: true, served: 1 });
    expect(expectOk(await as(viewer).get(base, { page: 1, size: 10 })).questions.map((x: { id: number }) => x.id)).toEqual([other.id]);
    expect(expectOk(await as(viewer).get(base, { page: 1, size: 10, archived: 'true' })).questions.map((x: { id: number }) => x.id)).toEqual([servedId]);
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/trivia`)).questions).toBe(1);
    expect(expectOk(await as(editor).call('DELETE', `/admin/trivia/questions/${other.id}`))).toEqual({ deleted: true });
    expectFailure(await as(editor).call('DELETE', `/admin/trivia/questions/${other.id}`), 404, 'NOT_FOUND');
    expectFailure(await as(editor).get(base, { page: 1, size: 10, contestId: 999999 }), 404, 'NOT_FOUND');
    const actions = expectOk(await as(editor).get(`/admin/communities/${h.community.id}/audit`, { page: 1, size: 50 })).entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a.startsWith('trivia.question.')).sort()).toEqual([
      'trivia.question.archive',
      'trivia.question.delete',
      'trivia.question.update',
      'trivia.question.update',
    ]);
  });

  it('sets and takes off a promo image (checked like the CLI\'s), which members see at once; audited', async () => {
    const editor = await operator('editor');
    const member = await h.registerVerified();
    const pid = await earnPromo();
    expectFailure(await as(editor).put(`/admin/promos/${pid}/image`, { image: Buffer.from('not an image at all').toString('base64') }), 400, 'VALIDATION_ERROR');
    const image = expectOk(await as(editor).put(`/admin/promos/${pid}/image`, { image: PNG_1X1 }));
    expect(image).toMatchObject({ url: expect.stringMatching(/^\/images\/[0-9a-f]{64}\.png$/), width: 1, height: 1 });
    const promo = () => h.call({ url: '/mobile/promos/get', query: { type: 'EARN' }, token: member.authToken }).then((r) => (expectOk(r).promos as { id: number; imageUrl?: string | null }[]).find((p) => p.id === pid));
    expect((await promo())?.imageUrl).toContain(image.url);
    const served = await h.call({ url: image.url });
    expect(served.status).toBe(200);
    expect(expectOk(await as(editor).call('DELETE', `/admin/promos/${pid}/image`))).toEqual({ deleted: true });
    expect((await promo())?.imageUrl ?? null).toBeNull();
    const actions = expectOk(await as(editor).get('/admin/audit', { page: 1, size: 10 })).entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['promo.image', 'promo.image']);
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

  it('reads a community\'s push status and a trivia contest\'s charts (viewers too; others\' are not found)', async () => {
    const editor = await operator('editor');
    const viewer = await operator('viewer');
    const stranger = await operator('owner', (await createCommunity(h.db, 'Elsewhere')).id);
    const member = await h.registerVerified();
    expect(expectOk(await as(viewer).get(`/admin/communities/${h.community.id}/push`))).toEqual({ subscriptions: 0, members: 0, queue: [], failures: [] });
    expectFailure(await as(stranger).get(`/admin/communities/${h.community.id}/push`), 403, 'FORBIDDEN');
    const contest = expectOk(
      await as(editor).post(`/admin/communities/${h.community.id}/trivia/contests`, { name: { en: 'Quiz' }, startsAt: '2026-01-01T00:00:00Z', endsAt: '2099-01-01T00:00:00Z', pipsPerAnswer: 1, teams: [{ en: 'Red' }, { en: 'Blue' }] }),
    );
    const [team] = await teamsOfContest(h.db, contest.id);
    await insertMember(h.db, { contestId: contest.id, userId: member.userId, teamId: team.id, displayName: null, at: new Date() });
    await h.db.updateTable('trivia_contest_members').set({ correct_answers: 3, total_pips: 3 }).where('user_id', '=', member.userId).execute();
    expect(expectOk(await as(viewer).get(`/admin/trivia/contests/${contest.id}/charts`))).toEqual({
      teams: [
        { name: { en: 'Red' }, rightAnswers: 3, members: 1 },
        { name: { en: 'Blue' }, rightAnswers: 0, members: 0 },
      ],
      leaders: [{ rank: 1, name: 'A. L.', correctAnswers: 3, totalPips: 3 }],
    });
    expectFailure(await as(stranger).get(`/admin/trivia/contests/${contest.id}/charts`), 404, 'NOT_FOUND');
  });
});
