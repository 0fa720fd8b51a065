import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import { setTriviaSettings } from '../../server/db/repositories/trivia';
import { createRedeemPromo, giftCodes, givePips, type RedeemPromo } from './helpers/catalog';
import { backends } from './helpers/databases';
import { expectFailure, expectOk, useHarness, type TestUser } from './helpers/harness';

/**
 * Issue 46: per-member redemption limits ("1 per member", "2 per member per week"), set by the
 * operator, shown to the member with what they have left, enforced in the redemption's own
 * transaction; and the operator-facing refusals of the same issue.
 */
describe.each(backends)('redemption limits on $name', (backend) => {
  const h = useHarness(backend);

  const redeem = (user: TestUser, reward: RedeemPromo, index = 0, idempotencyKey?: string) =>
    h.call({ method: 'POST', url: '/mobile/redeem', token: user.authToken, form: { pid: reward.id, optId: reward.optionIds[index], amount: 1, idempotencyKey } });
  const rewardsOf = async (user: TestUser) => expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'REDEEM' }, token: user.authToken }));
  const member = async (pips: number) => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, pips);
    return user;
  };
  const redemptionsOf = async (userId: number) =>
    Number((await sql<{ n: string }>`select count(*) as n from redemptions where user_id = ${userId}`.execute(h.db)).rows[0].n);
  const available = async (userId: number) =>
    (await h.db.selectFrom('users').select('available_pips').where('id', '=', userId).executeTakeFirstOrThrow()).available_pips;
  const operator = async (role: 'owner' | 'editor' | 'viewer' = 'editor') => {
    const user = await h.registerVerified();
    await setOperatorRole(h.db, user.userId, h.community.id, role);
    return user;
  };
  /** Moves the test clock to `at` (it only goes forward), and signs the member in again (the old token has expired). */
  const moveClockTo = async (at: Date, user: TestUser) => {
    h.clock.advance((at.getTime() - h.clock.now().getTime()) / 1000);
    user.authToken = expectOk(await h.login(user.email, user.password)).authToken;
  };
  /** A moment computed by the database (its calendar and time zones are the ones pips_redeem uses). */
  const moment = async (expression: ReturnType<typeof sql>) => (await sql<{ at: Date }>`select (${expression})::timestamptz as at`.execute(h.db)).rows[0].at;

  it('"one per member": the second redemption is refused and debits nothing; the list shows the limit and that the member has it', async () => {
    const reward = await createRedeemPromo(h.db, {
      communityId: h.community.id,
      terms: 'One per member',
      options: [
        { label: 'Card', pips: 10, codes: giftCodes(5, 'ONE'), limit: { count: 1, period: 'ever' } },
        { label: 'Other', pips: 20, codes: giftCodes(2, 'FREE') },
      ],
    });
    const ana = await member(100);

    const before = await rewardsOf(ana);
    expect(before.promos[0].options).toEqual([
      expect.objectContaining({ optId: reward.optionIds[0], limit: { count: 1, period: 'ever' } }),
      expect.objectContaining({ optId: reward.optionIds[1], limit: null }),
    ]);
    expect(before.limitsLeft).toEqual([{ optId: reward.optionIds[0], left: 1 }]);

    expectOk(await redeem(ana, reward));
    for (let i = 0; i < 3; i++) {
      const refused = expectFailure(await redeem(ana, reward), 409, 'REDEMPTION_LIMIT_REACHED');
      expect(refused.error.message).toMatch(/limit/);
    }
    expect(await redemptionsOf(ana.userId)).toBe(1);
    expect(await available(ana.userId)).toBe(90);
    expect((await rewardsOf(ana)).limitsLeft).toEqual([{ optId: reward.optionIds[0], left: 0 }]);
    // The unlimited option and another member are not held back.
    expectOk(await redeem(ana, reward, 1));
    const bea = await member(100);
    expectOk(await redeem(bea, reward));
    expect((await rewardsOf(bea)).limitsLeft).toEqual([{ optId: reward.optionIds[0], left: 0 }]);
  });

  it('a member at the limit hears that, even without the pips for another', async () => {
    const reward = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 60, codes: giftCodes(3, 'TOP'), limit: { count: 1, period: 'ever' } }] });
    const ana = await member(100);
    expectOk(await redeem(ana, reward));
    expectFailure(await redeem(ana, reward), 409, 'REDEMPTION_LIMIT_REACHED');
    expect(await available(ana.userId)).toBe(40);
  });

  it('50 parallel redemptions by one member give exactly the limit', async () => {
    const reward = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 5, codes: giftCodes(60, 'PAR'), limit: { count: 3, period: 'ever' } }] });
    const ana = await member(1000);

    // On several devices (sessions): nothing but the member's own row serialises them.
    const devices = [ana, ...(await Promise.all(Array.from({ length: 9 }, async () => ({ ...ana, authToken: (await h.app.sessions.start(ana.userId)).authToken }))))];
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => redeem(devices[i % devices.length], reward, 0, `parallel-${i}`)));

    const tally = outcomes.reduce<Record<string, number>>((t, o) => {
      const key = `${o.status} ${o.body?.error?.code ?? 'OK'}`;
      return { ...t, [key]: (t[key] ?? 0) + 1 };
    }, {});
    expect(tally).toEqual({ '200 OK': 3, '409 REDEMPTION_LIMIT_REACHED': 47 });
    expect(await redemptionsOf(ana.userId)).toBe(3);
    expect(await available(ana.userId)).toBe(1000 - 15);
    const taken = await h.db.selectFrom('gift_card_codes').select('code').where('redemption_id', 'is not', null).execute();
    expect(taken).toHaveLength(3);
  });

  it("a day, a week and a month are calendar ones in the community's time zone", async () => {
    await setTriviaSettings(h.db, h.community.id, { timeZone: 'America/New_York' });
    const daily = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 1, codes: giftCodes(5, 'DAY'), limit: { count: 1, period: 'day' } }] });
    const weekly = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 1, codes: giftCodes(5, 'WEEK'), limit: { count: 2, period: 'week' } }] });
    const monthly = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 1, codes: giftCodes(5, 'MONTH'), limit: { count: 1, period: 'month' } }] });
    const ana = await member(100);
    const zone = 'America/New_York';

    // A minute before the next New York midnight (UTC midnight is another moment).
    const midnight = await moment(sql`date_trunc('day', now() + interval '1 day', ${zone})`);
    await moveClockTo(new Date(midnight.getTime() - 60_000), ana);
    expectOk(await redeem(ana, daily));
    expectFailure(await redeem(ana, daily), 409, 'REDEMPTION_LIMIT_REACHED');
    h.clock.advance(120);
    expectOk(await redeem(ana, daily));

    // A minute before the next Monday 00:00 in New York.
    const monday = await moment(sql`date_trunc('week', ${h.clock.now()}::timestamptz + interval '7 days', ${zone})`);
    await moveClockTo(new Date(monday.getTime() - 60_000), ana);
    expectOk(await redeem(ana, weekly));
    expectOk(await redeem(ana, weekly));
    expectFailure(await redeem(ana, weekly), 409, 'REDEMPTION_LIMIT_REACHED');
    expect((await rewardsOf(ana)).limitsLeft).toEqual(expect.arrayContaining([{ optId: weekly.optionIds[0], left: 0 }]));
    h.clock.advance(120);
    expect((await rewardsOf(ana)).limitsLeft).toEqual(expect.arrayContaining([{ optId: weekly.optionIds[0], left: 2 }]));
    expectOk(await redeem(ana, weekly));

    const firstOfMonth = await moment(sql`date_trunc('month', ${h.clock.now()}::timestamptz + interval '1 month', ${zone})`);
    await moveClockTo(new Date(firstOfMonth.getTime() - 60_000), ana);
    expectOk(await redeem(ana, monthly));
    expectFailure(await redeem(ana, monthly), 409, 'REDEMPTION_LIMIT_REACHED');
    h.clock.advance(120);
    expectOk(await redeem(ana, monthly));
  });

  it('the operator sets, changes and removes a limit (API and CLI); the admin list shows it', async () => {
    const editor = await operator();
    const created = expectOk(
      await h.call({
        method: 'POST',
        url: `/admin/communities/${h.community.id}/promos`,
        token: editor.authToken,
        json: { type: 'REDEEM', title: { en: 'Limited' }, options: [{ label: { en: 'Card' }, pips: 10, limit: { count: 1, period: 'ever' } }, { label: { en: 'Big' }, pips: 50 }] },
      }),
    );
    expect(created.options.map((o: { limit: unknown }) => o.limit)).toEqual([{ count: 1, period: 'ever' }, null]);
    const optId = created.options[0].optId;
    const changed = expectOk(await h.call({ method: 'PUT', url: `/admin/options/${optId}`, token: editor.authToken, json: { limit: { count: 2, period: 'week' } } }));
    expect(changed.limit).toEqual({ count: 2, period: 'week' });
    expectFailure(await h.call({ method: 'PUT', url: `/admin/options/${optId}`, token: editor.authToken, json: { limit: { count: 0, period: 'week' } } }), 400, 'VALIDATION_ERROR');
    expectFailure(await h.call({ method: 'PUT', url: `/admin/options/${optId}`, token: editor.authToken, json: { limit: { count: 1, period: 'year' } } }), 400, 'VALIDATION_ERROR');
    const added = expectOk(
      await h.call({ method: 'POST', url: `/admin/promos/${created.promo.id}/options`, token: editor.authToken, json: { label: { en: 'Big' }, pips: 50, limit: { count: 1, period: 'month' } } }),
    );
    expect(added.limit).toEqual({ count: 1, period: 'month' });

    const lines: string[] = [];
    const ctx = { db: h.db, publicUrl: 'http://localhost', out: (line: string) => lines.push(line) };
    expect(await runAdmin(['reward:limit', '--option', String(optId), '--limit', 'none'], ctx)).toBe(0);
    expect(lines.at(-1)).toContain('no limit');
    expect(await runAdmin(['reward:limit', '--option', String(optId), '--limit', '3/day'], ctx)).toBe(0);
    expect(lines.at(-1)).toContain('3 per member per day');
    await expect(runAdmin(['reward:limit', '--option', String(optId), '--limit', '0'], ctx)).rejects.toThrow(/--limit/);
    const listed = expectOk(await h.call({ url: `/admin/promos/${created.promo.id}/options`, token: editor.authToken }));
    expect(listed.options.find((o: { optId: number }) => o.optId === optId).limit).toEqual({ count: 3, period: 'day' });
  });

  it('operator refusals speak to operators', async () => {
    const editor = await operator();
    const ana = await member(5);

    const debit = expectFailure(await h.call({ method: 'POST', url: `/admin/members/${ana.userId}/adjust`, token: editor.authToken, json: { delta: -20, reason: 'Fix' } }), 400, 'INSUFFICIENT_PIPS');
    expect(debit.error.message).toBe('The member has only 5 pips: a debit cannot take them below zero.');
    const zero = expectFailure(await h.call({ method: 'POST', url: `/admin/members/${ana.userId}/adjust`, token: editor.authToken, json: { delta: 0, reason: 'Fix' } }), 400, 'VALIDATION_ERROR');
    expect(zero.error.message).toBe('delta (body): must not be 0');

    const reward = expectFailure(
      await h.call({
        method: 'POST',
        url: `/admin/communities/${h.community.id}/promos`,
        token: editor.authToken,
        json: { type: 'REDEEM', title: { en: 'Free?' }, options: [{ label: { en: 'Card' }, pips: 0 }] },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(reward.error.message).toBe('options.0.pips (body): must be at least 1');
    const created = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 5 }] });
    const option = expectFailure(
      await h.call({ method: 'POST', url: `/admin/promos/${created.id}/options`, token: editor.authToken, json: { label: { en: 'Card' }, pips: 0 } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(option.error.message).toBe('pips (body): must be at least 1');

    const ended = expectFailure(
      await h.call({
        method: 'POST',
        url: `/admin/communities/${h.community.id}/qr-codes`,
        token: editor.authToken,
        json: { title: { en: 'Old fair' }, pips: 5, validFrom: new Date(Date.now() - 7 * 86_400_000).toISOString(), validUntil: new Date(Date.now() - 86_400_000).toISOString() },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(ended.error.message).toMatch(/^validUntil: the validity has already ended/);
    expect(await h.db.selectFrom('earn_qr_codes').select('id').execute()).toEqual([]);
  });
});
