import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { readCachesOf } from '../../../../server/db/repositories/readCache';
import { addGiftCardCodes, createEarnPromo, createRedeemPromo, givePips } from '../../helpers/catalog';
import { backends } from '../../helpers/databases';
import { expectOk, useHarness, type TestUser } from '../../helpers/harness';

/**
 * The versioned reads (migration 059, server/db/repositories/readCache.ts): the server answers the
 * earn actions, the rewards and a page of activity from its copy while the database says the copy
 * still holds, and reads them again as soon as it does not. To see that a copy is used, a test
 * changes a row behind the versions' back (the ledger's title, which nothing ever updates, or a
 * promo with the triggers off): the answer still shows the copy; the next real change shows both.
 */
describe.each(backends)('versioned reads on $name', (backend) => {
  const h = useHarness(backend);

  const dashboard = (user: TestUser, language = 'en') =>
    h.call({ url: '/mobile/dashboard', token: user.authToken, headers: { 'accept-language': language } }).then(expectOk);
  const rewards = (user: TestUser, language = 'en') =>
    h.call({ url: '/mobile/promos/get', token: user.authToken, query: { type: 'REDEEM' }, headers: { 'accept-language': language } }).then(expectOk);
  const activity = (user: TestUser, size = 1000) =>
    h.call({ url: '/mobile/dashboard/actions', token: user.authToken, query: { page: 1, size } }).then(expectOk);
  /** A change no trigger sees (superuser: the triggers are off for this transaction only). */
  const behindTheVersions = (statement: ReturnType<typeof sql>) =>
    h.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  it('answers the earn actions from its copy while the catalog version holds, and an operator change at once', async () => {
    const user = await h.registerVerified();
    const promo = await createEarnPromo(h.db, { communityId: h.community.id, title: { en: 'Follow us', es: 'Síguenos' }, pips: 5 });
    expect((await dashboard(user)).actions.map((a: { title: string }) => a.title)).toEqual(['Follow us']);
    expect((await dashboard(user, 'es')).actions.map((a: { title: string }) => a.title)).toEqual(['Síguenos']);

    await behindTheVersions(sql`update promos set title = '{"en": "Hidden", "es": "Oculto"}'::jsonb where id = ${promo}`);
    await h.db.updateTable('users').set({ available_pips: 4, total_earned_pips: 4 }).where('id', '=', user.userId).execute();
    const copied = await dashboard(user);
    expect(copied.actions.map((a: { title: string }) => a.title)).toEqual(['Follow us']);
    // The balances are never copied.
    expect(copied).toMatchObject({ availablePips: 4, totalEarnedPips: 4, totalUsedPips: 0 });

    // An operator's change renews the version: both languages read again.
    await h.db.updateTable('promos').set({ pips: 6 }).where('id', '=', promo).execute();
    expect((await dashboard(user)).actions).toEqual([expect.objectContaining({ title: 'Hidden', pipsToEarn: 6 })]);
    expect((await dashboard(user, 'es')).actions).toEqual([expect.objectContaining({ title: 'Oculto', pipsToEarn: 6 })]);
    await createEarnPromo(h.db, { communityId: h.community.id, title: 'Share', pips: 1 });
    expect((await dashboard(user)).actions.map((a: { title: string }) => a.title)).toEqual(['Hidden', 'Share']);
  });

  it('answers the rewards from its copy while the catalog holds, and reads them again when an option runs out or comes back', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 100);
    const reward = await createRedeemPromo(h.db, {
      communityId: h.community.id,
      title: { en: 'Coffee card', es: 'Tarjeta de café' },
      options: [
        { label: '5 USD', pips: 30, codes: ['C-1', 'C-2'] },
        { label: '10 USD', pips: 60 },
      ],
    });
    expect((await rewards(user)).promos).toEqual([
      expect.objectContaining({
        id: reward.id,
        title: 'Coffee card',
        pips: 30,
        available: true,
        options: [
          { optId: reward.optionIds[0], label: '5 USD', pips: 30, inStock: true, limit: null },
          { optId: reward.optionIds[1], label: '10 USD', pips: 60, inStock: false, limit: null },
        ],
      }),
    ]);
    expect((await rewards(user, 'es')).promos[0].title).toBe('Tarjeta de café');
    await behindTheVersions(sql`update promos set title = '"Hidden"'::jsonb where id = ${reward.id}`);
    const redeem = () =>
      h.call({ method: 'POST', url: '/mobile/redeem', token: user.authToken, form: { pid: reward.id, optId: reward.optionIds[0], amount: 1 } }).then(expectOk);

    // A code taken while another is free: the copy holds.
    await redeem();
    expect((await rewards(user)).promos[0]).toMatchObject({ title: 'Coffee card', available: true });
    // The last code taken: the option's turn renews the version.
    await redeem();
    const empty = (await rewards(user)).promos[0];
    expect(empty).toMatchObject({ title: 'Hidden', available: false });
    expect(empty.options.map((o: { inStock: boolean }) => o.inStock)).toEqual([false, false]);

    await addGiftCardCodes(h.db, reward.optionIds[1], ['D-1']);
    expect((await rewards(user)).promos[0].options.map((o: { inStock: boolean }) => o.inStock)).toEqual([false, true]);
    await h.db.insertInto('promo_options').values({ promo_id: reward.id, label: JSON.stringify('20 USD'), pips: 90 }).execute();
    expect((await rewards(user, 'es')).promos[0].options.map((o: { label: string }) => o.label)).toEqual(['5 USD', '10 USD', '20 USD']);
  });

  it('marks an option out of stock once concurrent redemptions have taken its last codes', async () => {
    const reward = await createRedeemPromo(h.db, { communityId: h.community.id, title: 'Race', options: [{ label: 'Card', pips: 1, codes: ['R-1', 'R-2', 'R-3', 'R-4', 'R-5'] }] });
    const members = await Promise.all(Array.from({ length: 8 }, () => h.registerVerified()));
    for (const member of members) await givePips(h, member.userId, 10);
    expect((await rewards(members[0])).promos[0].available).toBe(true);
    const outcomes = await Promise.all(
      members.map((member) => h.call({ method: 'POST', url: '/mobile/redeem', token: member.authToken, form: { pid: reward.id, optId: reward.optionIds[0], amount: 1 } })),
    );
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(5);
    expect(outcomes.filter((o) => o.body?.error?.code === 'OUT_OF_STOCK')).toHaveLength(3);
    for (const member of members.slice(0, 2)) {
      expect((await rewards(member)).promos[0]).toMatchObject({ available: false, options: [expect.objectContaining({ inStock: false })] });
    }
  });

  it('offers a new token the copy of the community read last, and answers each community its own catalog', async () => {
    const other = await createCommunity(h.db, 'Other community');
    await createEarnPromo(h.db, { communityId: h.community.id, title: 'Ours', pips: 5 });
    await createEarnPromo(h.db, { communityId: other.id, title: 'Theirs', pips: 5 });
    const ana = await h.registerVerified();
    const olga = await h.registerVerified({ communityId: other.id });
    const titles = async (user: TestUser) => (await dashboard(user)).actions.map((a: { title: string }) => a.title);
    expect(await titles(ana)).toEqual(['Ours']);
    expect(await titles(olga)).toEqual(['Theirs']);
    expect(await titles(ana)).toEqual(['Ours']);
    // A member signed in for the first time is offered the last community's copy: it holds.
    await behindTheVersions(sql`update promos set title = '"Changed"'::jsonb where community_id = ${h.community.id}`);
    const ben = await h.registerVerified();
    expect(await titles(ben)).toEqual(['Ours']);
    // The guess is wrong for a member of the other community: the statement sends theirs.
    const oscar = await h.registerVerified({ communityId: other.id });
    expect(await titles(oscar)).toEqual(['Theirs']);
  });

  it('answers a page of activity from its copy while the member\'s ledger has as many rows', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 10, 'First credit');
    expect((await activity(user)).actions.map((a: { title: string }) => a.title)).toEqual(['First credit']);
    await h.db.updateTable('ledger_entries').set({ reason: 'Rewritten' }).where('user_id', '=', user.userId).execute();
    expect((await activity(user)).actions.map((a: { title: string }) => a.title)).toEqual(['First credit']);
    // A page of another size is another copy.
    expect((await activity(user, 5)).actions.map((a: { title: string }) => a.title)).toEqual(['Rewritten']);

    await givePips(h, user.userId, 5, 'Second credit');
    const page = await activity(user);
    expect(page).toMatchObject({ total: 2, page: 1, size: 1000 });
    expect(page.actions.map((a: { title: string; pips: number }) => [a.title, a.pips])).toEqual([
      ['Second credit', 5],
      ['Rewritten', 10],
    ]);
  });

  it('never answers one member\'s copy to another, nor to a token that was logged out', async () => {
    const ana = await h.registerVerified();
    const ben = await h.registerVerified();
    await givePips(h, ana.userId, 10, 'For Ana');
    await givePips(h, ben.userId, 10, 'For Ben');
    expect((await activity(ana)).actions[0].title).toBe('For Ana');
    expect((await activity(ben)).actions[0].title).toBe('For Ben');
    expect((await activity(ana)).actions[0].title).toBe('For Ana');
    expect(readCachesOf(h.db).activity.size).toBeGreaterThanOrEqual(2);

    expectOk(await h.call({ method: 'POST', url: '/mobile/session/logout', form: { authToken: ana.authToken } }));
    const after = await h.call({ url: '/mobile/dashboard/actions', token: ana.authToken, query: { page: 1, size: 1000 } });
    expect(after.status).toBe(401);
  });
});
