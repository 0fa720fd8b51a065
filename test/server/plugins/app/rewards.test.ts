import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import { addGiftCardCodes, createEarnPromo, createRedeemPromo, givePips } from '../../helpers/catalog';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk, type TestUser } from '../../helpers/harness';

describe.each(backends)('redeeming rewards on $name', (backend) => {
  const h = useHarness(backend);

  const redeem = (user: TestUser, pid: number, optId: number, idempotencyKey?: string, amount: number | string = 1) =>
    h.call({ method: 'POST', url: '/mobile/redeem', token: user.authToken, form: { pid, optId, amount, idempotencyKey } });
  const giftCards = (user: TestUser, page = 1, size = 200, language?: string) =>
    h.call({
      url: '/mobile/dashboard/giftcards',
      token: user.authToken,
      query: { page, size },
      headers: language ? { 'accept-language': language } : undefined,
    });
  const transaction = (user: TestUser, id: number, language?: string) =>
    h.call({
      method: 'POST',
      url: '/mobile/transaction',
      token: user.authToken,
      form: { id },
      headers: language ? { 'accept-language': language } : undefined,
    });
  const balances = async (user: TestUser) => expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken }));
  const codesOf = (optionId: number) =>
    h.db.selectFrom('gift_card_codes').select(['code', 'redemption_id']).where('option_id', '=', optionId).orderBy('id').execute();
  const ledgerOf = (userId: number) =>
    h.db.selectFrom('ledger_entries').select(['delta', 'kind', 'source_id', 'title', 'idempotency_key']).where('user_id', '=', userId).orderBy('id').execute();
  const countRows = async (table: 'redemptions' | 'ledger_entries' | 'idempotency_keys') =>
    Number((await h.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  /** A reward with two options: 5 USD (30 pips, codes C-1 and C-2) and 10 USD (60 pips, no code). */
  const coffeeCard = () =>
    createRedeemPromo(h.db, {
      communityId: h.community.id,
      title: { en: 'Coffee card', es: 'Tarjeta de café' },
      description: 'A hot drink on us',
      terms: { en: 'Valid for a year.', es: 'Válida por un año.' },
      imageUrl: 'https://img.example/coffee.png',
      url: 'https://coffee.example/claim',
      options: [
        { label: { en: '5 USD', es: '5 dólares' }, pips: 30, codes: ['C-1', 'C-2'] },
        { label: '10 USD', pips: 60 },
      ],
    });

  it('debits the price, assigns one code, and lists the gift card with its detail', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 100);
    const reward = await coffeeCard();

    const result = expectOk(await redeem(user, reward.id, reward.optionIds[0]));
    expect(result).toEqual({ transactionId: expect.any(Number), availablePips: 70 });
    expect(await balances(user)).toMatchObject({ availablePips: 70, totalEarnedPips: 100, totalUsedPips: 30 });
    expect(await codesOf(reward.optionIds[0])).toEqual([
      { code: 'C-1', redemption_id: result.transactionId },
      { code: 'C-2', redemption_id: null },
    ]);
    expect((await ledgerOf(user.userId))[1]).toEqual({
      delta: -30,
      kind: 'redeem',
      source_id: result.transactionId,
      title: { en: 'Coffee card · 5 USD', es: 'Tarjeta de café · 5 dólares' },
      idempotency_key: null,
    });

    const page = expectOk(await giftCards(user));
    expect(page).toEqual({
      giftcards: [
        {
          transactionId: result.transactionId,
          name: 'Coffee card · 5 USD',
          description: 'A hot drink on us',
          imageUrl: 'https://img.example/coffee.png',
          pips: 30,
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        },
      ],
      page: 1,
      size: 200,
      total: 1,
    });
    expect(Math.abs(Date.parse(page.giftcards[0].date) - Date.now())).toBeLessThan(60_000);

    expect(expectOk(await transaction(user, result.transactionId))).toEqual({
      ...page.giftcards[0],
      code: 'C-1',
      url: 'https://coffee.example/claim',
      terms: 'Valid for a year.',
    });
  });

  it('answers names and terms in Spanish when asked, English where no Spanish is given', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 100);
    const reward = await coffeeCard();
    const { transactionId } = expectOk(await redeem(user, reward.id, reward.optionIds[0]));
    const [card] = expectOk(await giftCards(user, 1, 200, 'es-MX,es;q=0.9,en;q=0.5')).giftcards;
    expect(card).toMatchObject({ name: 'Tarjeta de café · 5 dólares', description: 'A hot drink on us' });
    expect(expectOk(await transaction(user, transactionId, 'es'))).toMatchObject({
      name: 'Tarjeta de café · 5 dólares',
      terms: 'Válida por un año.',
      code: 'C-1',
    });
  });

  it('debits nothing when the balance is short (INSUFFICIENT_PIPS), and the key stays usable', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 29);
    const reward = await coffeeCard();
    expectFailure(await redeem(user, reward.id, reward.optionIds[0], 'key-short-1'), 400, 'INSUFFICIENT_PIPS');
    expect(await balances(user)).toMatchObject({ availablePips: 29, totalUsedPips: 0 });
    expect((await codesOf(reward.optionIds[0])).every((code) => code.redemption_id === null)).toBe(true);
    expect(await countRows('redemptions')).toBe(0);
    expect(await ledgerOf(user.userId)).toHaveLength(1);
    expect(expectOk(await giftCards(user))).toMatchObject({ giftcards: [], total: 0 });

    await givePips(h, user.userId, 1);
    expect(expectOk(await redeem(user, reward.id, reward.optionIds[0], 'key-short-1'))).toMatchObject({ availablePips: 0 });
  });

  it('debits nothing when no code is left (OUT_OF_STOCK)', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 200);
    const reward = await coffeeCard();
    expectFailure(await redeem(user, reward.id, reward.optionIds[1]), 409, 'OUT_OF_STOCK');
    expect(await balances(user)).toMatchObject({ availablePips: 200, totalUsedPips: 0 });

    expectOk(await redeem(user, reward.id, reward.optionIds[0]));
    expectOk(await redeem(user, reward.id, reward.optionIds[0]));
    const out = expectFailure(await redeem(user, reward.id, reward.optionIds[0]), 409, 'OUT_OF_STOCK');
    expect(out.error.message).toBe('No code found, contact support.');
    expect(await balances(user)).toMatchObject({ availablePips: 140, totalUsedPips: 60 });
    expect(await countRows('redemptions')).toBe(2);

    // The operator loads more codes: redeemable again.
    await addGiftCardCodes(h.db, reward.optionIds[1], ['TEN-1']);
    expect(expectOk(await redeem(user, reward.id, reward.optionIds[1]))).toMatchObject({ availablePips: 80 });
  });

  it('answers a replayed key with the first result and debits once', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 100);
    const reward = await coffeeCard();
    const first = expectOk(await redeem(user, reward.id, reward.optionIds[0], 'redeem-key-1'));
    const again = expectOk(await redeem(user, reward.id, reward.optionIds[0], 'redeem-key-1'));
    expect(again).toEqual(first);
    expect(await balances(user)).toMatchObject({ availablePips: 70, totalUsedPips: 30 });
    expect(await countRows('redemptions')).toBe(1);
    expect((await codesOf(reward.optionIds[0]))[1].redemption_id).toBeNull();
    expect((await ledgerOf(user.userId))[1].idempotency_key).toBe('redeem-key-1');

    // Another key is another redemption.
    expect(expectOk(await redeem(user, reward.id, reward.optionIds[0], 'redeem-key-2'))).toMatchObject({ availablePips: 40 });
  });

  it('refuses a used key for another option or reward (IDEMPOTENCY_KEY_REUSED), per member', async () => {
    const user = await h.registerVerified();
    const other = await h.registerVerified();
    await givePips(h, user.userId, 100);
    await givePips(h, other.userId, 100);
    const reward = await coffeeCard();
    await addGiftCardCodes(h.db, reward.optionIds[1], ['TEN-1']);
    expectOk(await redeem(user, reward.id, reward.optionIds[0], 'shared-key'));
    expectFailure(await redeem(user, reward.id, reward.optionIds[1], 'shared-key'), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await balances(user)).toMatchObject({ availablePips: 70 });
    // Keys are per member: another member may use the same text.
    expect(expectOk(await redeem(other, reward.id, reward.optionIds[1], 'shared-key'))).toMatchObject({ availablePips: 40 });
  });

  it('answers NOT_FOUND for options that are not a redeemable reward of the member\'s community', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 1000);
    const reward = await coffeeCard();
    const other = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 1, codes: ['O-1'] }] });
    const inactive = await createRedeemPromo(h.db, { communityId: h.community.id, active: false, options: [{ pips: 1, codes: ['I-1'] }] });
    const elsewhere = await createCommunity(h.db, 'Elsewhere');
    const foreign = await createRedeemPromo(h.db, { communityId: elsewhere.id, options: [{ pips: 1, codes: ['F-1'] }] });
    const earn = await createEarnPromo(h.db, { communityId: h.community.id });

    expectFailure(await redeem(user, reward.id, 999_999), 404, 'NOT_FOUND');
    expectFailure(await redeem(user, 999_999, reward.optionIds[0]), 404, 'NOT_FOUND');
    expectFailure(await redeem(user, reward.id, other.optionIds[0]), 404, 'NOT_FOUND');
    expectFailure(await redeem(user, inactive.id, inactive.optionIds[0]), 404, 'NOT_FOUND');
    expectFailure(await redeem(user, foreign.id, foreign.optionIds[0]), 404, 'NOT_FOUND');
    expectFailure(await redeem(user, earn, reward.optionIds[0]), 404, 'NOT_FOUND');
    expect(await balances(user)).toMatchObject({ availablePips: 1000 });
    expect(await countRows('idempotency_keys')).toBe(0);
  });

  it('validates the request and is for verified members only', async () => {
    const user = await h.registerVerified();
    const reward = await coffeeCard();
    expectFailure(await redeem(user, reward.id, reward.optionIds[0], undefined, 2), 400, 'VALIDATION_ERROR');
    expectFailure(await redeem(user, reward.id, reward.optionIds[0], 'short'), 400, 'VALIDATION_ERROR');
    expectFailure(await redeem(user, reward.id, reward.optionIds[0], 'bad key with spaces'), 400, 'VALIDATION_ERROR');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/redeem', token: user.authToken, form: { pid: reward.id, amount: 1 } }), 400, 'VALIDATION_ERROR');
    expectFailure(
      await h.call({ method: 'POST', url: '/mobile/redeem', token: user.authToken, json: { pid: reward.id, optId: reward.optionIds[0], amount: 1 } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const unverified = await h.register();
    expectFailure(await redeem(unverified, reward.id, reward.optionIds[0]), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await giftCards(unverified), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await transaction(unverified, 1), 403, 'ACCOUNT_NOT_VERIFIED');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/redeem', form: { pid: 1, optId: 1, amount: 1 } }), 401, 'UNAUTHORIZED');
    expectFailure(await giftCards(user, 1, 201), 400, 'VALIDATION_ERROR');
    expectFailure(await giftCards(user, 0), 400, 'VALIDATION_ERROR');
  });

  it('shows a member only their own transactions', async () => {
    const ana = await h.registerVerified();
    const bob = await h.registerVerified();
    await givePips(h, ana.userId, 100);
    const reward = await coffeeCard();
    const { transactionId } = expectOk(await redeem(ana, reward.id, reward.optionIds[0]));
    expectFailure(await transaction(bob, transactionId), 404, 'NOT_FOUND');
    expectFailure(await transaction(ana, transactionId + 1000), 404, 'NOT_FOUND');
    expect(expectOk(await giftCards(bob))).toEqual({ giftcards: [], page: 1, size: 200, total: 0 });
  });

  it('lists gift cards newest first, a page at a time', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 1000);
    const reward = await createRedeemPromo(h.db, {
      communityId: h.community.id,
      title: 'Cinema',
      options: [{ label: 'Ticket', pips: 10, codes: ['T-1', 'T-2', 'T-3'] }],
    });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      h.clock.advance(60);
      ids.push(expectOk(await redeem(user, reward.id, reward.optionIds[0])).transactionId);
    }
    const all = expectOk(await giftCards(user));
    expect(all.giftcards.map((card: { transactionId: number }) => card.transactionId)).toEqual([...ids].reverse());
    expect(all.giftcards[0].date > all.giftcards[2].date).toBe(true);
    const second = expectOk(await giftCards(user, 2, 2));
    expect(second).toMatchObject({ page: 2, size: 2, total: 3 });
    expect(second.giftcards.map((card: { transactionId: number }) => card.transactionId)).toEqual([ids[0]]);
  });

  it('shows a code of null when the assigned code is gone', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 100);
    const reward = await coffeeCard();
    const { transactionId } = expectOk(await redeem(user, reward.id, reward.optionIds[0]));
    await h.db.deleteFrom('gift_card_codes').where('redemption_id', '=', transactionId).execute();
    expect(expectOk(await transaction(user, transactionId))).toMatchObject({ code: null, terms: 'Valid for a year.' });
  });

  it('keeps the balances equal to the ledger across redemptions', async () => {
    const user = await h.registerVerified();
    await givePips(h, user.userId, 95);
    const reward = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 20, codes: ['A', 'B', 'C', 'D', 'E', 'F'] }] });
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await redeem(user, reward.id, reward.optionIds[0], `many-${i}-key`);
      outcomes.push(response.status === 200 ? 'ok' : response.body.error.code);
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'INSUFFICIENT_PIPS', 'INSUFFICIENT_PIPS']);
    const { rows } = await sql<{ sum: string }>`select coalesce(sum(delta), 0) as sum from ledger_entries where user_id = ${user.userId}`.execute(h.db);
    expect(Number(rows[0].sum)).toBe(15);
    expect(await balances(user)).toMatchObject({ availablePips: 15, totalEarnedPips: 95, totalUsedPips: 80 });
    expect((await codesOf(reward.optionIds[0])).filter((code) => code.redemption_id !== null)).toHaveLength(4);
  });
});
