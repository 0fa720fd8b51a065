import { describe, expect, it } from 'vitest';
import { createCommunity } from '../../../../server/db/repositories/communities';
import {
  addGiftCardCodes,
  createEarnPromo,
  createQuestionnaire,
  createRedeemPromo,
  giftCodes,
  givePips,
  verifiedMember,
} from '../../helpers/catalog';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk, type TestUser } from '../../helpers/harness';

describe.each(backends)('earn promos on $name', (backend) => {
  // These tests move the clock by days: keep sessions alive across.
  const h = useHarness(backend, { accessTokenTtlSeconds: 365 * 24 * 3600 });

  const promos = (user: TestUser, type: string, language?: string) =>
    h.call({
      url: '/mobile/promos/get',
      query: { type },
      token: user.authToken,
      headers: language ? { 'accept-language': language } : {},
    });
  const earn = (user: TestUser, pid: number, idempotencyKey?: string) =>
    h.call({ method: 'POST', url: '/mobile/earn', form: { pid, idempotencyKey }, token: user.authToken });
  const balances = async (user: TestUser) => {
    const data = expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken }));
    return { available: data.availablePips, earned: data.totalEarnedPips, used: data.totalUsedPips };
  };
  const ledgerRows = (user: TestUser) =>
    h.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', user.userId).orderBy('id').execute();

  describe('getPromos', () => {
    it('lists the active EARN promos of the caller community with their limits and links', async () => {
      const user = await verifiedMember(h);
      const formId = await createQuestionnaire(h.db, { communityId: h.community.id, pips: 3 });
      const follow = await createEarnPromo(h.db, {
        communityId: h.community.id,
        title: 'Follow us',
        description: 'On the socials',
        imageUrl: 'https://img.example/follow.png',
        url: 'https://example.com/follow',
        pips: 5,
        limit: 'once',
      });
      const survey = await createEarnPromo(h.db, {
        communityId: h.community.id,
        title: 'Tell us',
        pips: 1,
        limit: 'daily',
        questionnaireId: formId,
      });
      const trivia = await createEarnPromo(h.db, {
        communityId: h.community.id,
        title: 'Trivia',
        pips: 2,
        limit: 'unlimited',
        redirectToInternalScreen: '/trivia/individual',
      });
      await createEarnPromo(h.db, { communityId: h.community.id, title: 'Old', active: false });
      const other = await createCommunity(h.db, 'Elsewhere');
      await createEarnPromo(h.db, { communityId: other.id, title: 'Not yours' });
      await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 10, codes: ['A'] }] });

      const data = expectOk(await promos(user, 'EARN'));
      expect(data.promos).toEqual([
        {
          id: follow,
          type: 'EARN',
          title: 'Follow us',
          description: 'On the socials',
          imageUrl: 'https://img.example/follow.png',
          imageWidth: null,
          imageHeight: null,
          url: 'https://example.com/follow',
          pips: 5,
          questionnaireUrl: null,
          redirectToInternalScreen: null,
          completedBy: null,
          limit: 'once',
          available: true,
          options: [],
        },
        {
          id: survey,
          type: 'EARN',
          title: 'Tell us',
          description: null,
          imageUrl: null,
          imageWidth: null,
          imageHeight: null,
          url: null,
          pips: 1,
          questionnaireUrl: `/forms/${formId}`,
          redirectToInternalScreen: null,
          completedBy: null,
          limit: 'daily',
          available: true,
          options: [],
        },
        {
          id: trivia,
          type: 'EARN',
          title: 'Trivia',
          description: null,
          imageUrl: null,
          imageWidth: null,
          imageHeight: null,
          url: null,
          pips: 2,
          questionnaireUrl: null,
          redirectToInternalScreen: '/trivia/individual',
          completedBy: null,
          limit: 'unlimited',
          available: true,
          options: [],
        },
      ]);
    });

    it('marks EARN promos unavailable once the member used their limit, and daily ones again the next UTC day', async () => {
      const user = await verifiedMember(h);
      const once = await createEarnPromo(h.db, { communityId: h.community.id, limit: 'once' });
      const daily = await createEarnPromo(h.db, { communityId: h.community.id, limit: 'daily' });
      const unlimited = await createEarnPromo(h.db, { communityId: h.community.id, limit: 'unlimited' });
      for (const pid of [once, daily, unlimited]) expectOk(await earn(user, pid));
      const available = async () =>
        Object.fromEntries(expectOk(await promos(user, 'EARN')).promos.map((p: { id: number; available: boolean }) => [p.id, p.available]));
      expect(await available()).toEqual({ [once]: false, [daily]: false, [unlimited]: true });
      h.clock.advance(24 * 3600);
      expect(await available()).toEqual({ [once]: false, [daily]: true, [unlimited]: true });

      // Another member is not affected.
      const other = await verifiedMember(h);
      expect(expectOk(await promos(other, 'EARN')).promos.every((p: { available: boolean }) => p.available)).toBe(true);
    });

    it('marks a questionnaire promo unavailable once the member answered the questionnaire', async () => {
      const user = await verifiedMember(h);
      const formId = await createQuestionnaire(h.db, { communityId: h.community.id, pips: 15 });
      const survey = await createEarnPromo(h.db, { communityId: h.community.id, pips: 15, limit: 'unlimited', questionnaireId: formId });
      const available = async (member: TestUser) =>
        expectOk(await promos(member, 'EARN')).promos.find((p: { id: number }) => p.id === survey).available;
      expect(await available(user)).toBe(true);
      expectOk(
        await h.call({ method: 'POST', url: `/web/questionnaires/${formId}/answers`, token: user.authToken, json: { answers: { comment: 'Fine' } } }),
      );
      expect(await available(user)).toBe(false);
      expect(await available(await verifiedMember(h))).toBe(true);
    });

    it('lists REDEEM promos with options cheapest first, the cheapest price and stock', async () => {
      const user = await verifiedMember(h);
      const reward = await createRedeemPromo(h.db, {
        communityId: h.community.id,
        title: 'Coffee card',
        description: 'Any branch',
        terms: 'One per visit',
        imageUrl: 'https://img.example/coffee.png',
        url: 'https://coffee.example/claim',
        options: [
          { label: '$10', pips: 100, codes: giftCodes(2) },
          { label: '$5', pips: 50 },
          { label: '$20', pips: 200, codes: giftCodes(1) },
        ],
      });
      const soldOut = await createRedeemPromo(h.db, { communityId: h.community.id, title: 'Sold out', options: [{ pips: 30 }] });
      await createRedeemPromo(h.db, { communityId: h.community.id, title: 'Hidden', active: false, options: [{ pips: 1, codes: ['X'] }] });
      await createEarnPromo(h.db, { communityId: h.community.id });

      const data = expectOk(await promos(user, 'REDEEM'));
      expect(data.promos).toEqual([
        {
          id: reward.id,
          type: 'REDEEM',
          title: 'Coffee card',
          description: 'Any branch',
          imageUrl: 'https://img.example/coffee.png',
          imageWidth: null,
          imageHeight: null,
          url: 'https://coffee.example/claim',
          terms: 'One per visit',
          pips: 50,
          available: true,
          options: [
            { optId: reward.optionIds[1], label: '$5', pips: 50, inStock: false, limit: null },
            { optId: reward.optionIds[0], label: '$10', pips: 100, inStock: true, limit: null },
            { optId: reward.optionIds[2], label: '$20', pips: 200, inStock: true, limit: null },
          ],
        },
        {
          id: soldOut.id,
          type: 'REDEEM',
          title: 'Sold out',
          description: null,
          imageUrl: null,
          imageWidth: null,
          imageHeight: null,
          url: null,
          terms: null,
          pips: 30,
          available: false,
          options: [{ optId: soldOut.optionIds[0], label: 'Option 1', pips: 30, inStock: false, limit: null }],
        },
      ]);

      // A code given away no longer counts as stock.
      await addGiftCardCodes(h.db, soldOut.optionIds[0], ['ONLY']);
      const restocked = expectOk(await promos(user, 'REDEEM')).promos[1];
      expect(restocked).toMatchObject({ available: true, options: [{ inStock: true }] });
    });

    it('answers in Spanish when asked, English otherwise, and plain strings as they are', async () => {
      const user = await verifiedMember(h);
      await createEarnPromo(h.db, {
        communityId: h.community.id,
        title: { en: 'Follow us', es: 'Síguenos' },
        description: { en: 'On the socials' },
      });
      await createRedeemPromo(h.db, {
        communityId: h.community.id,
        title: { en: 'Coffee', es: 'Café' },
        terms: { en: 'Terms', es: 'Condiciones' },
        description: 'Same everywhere',
        options: [{ label: { en: 'Small', es: 'Pequeño' }, pips: 5 }],
      });
      expect(expectOk(await promos(user, 'EARN', 'es-MX,es;q=0.9')).promos[0]).toMatchObject({
        title: 'Síguenos',
        description: 'On the socials',
      });
      expect(expectOk(await promos(user, 'EARN', 'en-US')).promos[0]).toMatchObject({ title: 'Follow us' });
      expect(expectOk(await promos(user, 'REDEEM', 'es')).promos[0]).toMatchObject({
        title: 'Café',
        terms: 'Condiciones',
        description: 'Same everywhere',
        options: [{ label: 'Pequeño' }],
      });
      expect(expectOk(await promos(user, 'REDEEM')).promos[0]).toMatchObject({ title: 'Coffee', options: [{ label: 'Small' }] });
    });

    it('is for verified members and checks the type', async () => {
      const unverified = await h.register();
      expectFailure(await promos(unverified, 'EARN'), 403, 'ACCOUNT_NOT_VERIFIED');
      expectFailure(await h.call({ url: '/mobile/promos/get', query: { type: 'EARN' } }), 401, 'UNAUTHORIZED');
      const user = await verifiedMember(h);
      expectFailure(await promos(user, 'GIFT'), 400, 'VALIDATION_ERROR');
      expect(expectOk(await promos(user, 'REDEEM'))).toEqual({ promos: [] });
    });
  });

  describe('earn', () => {
    it('credits the promo pips, writes one ledger row and answers the url to open', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, {
        communityId: h.community.id,
        title: { en: 'Follow us', es: 'Síguenos' },
        url: 'https://example.com/follow',
        pips: 5,
      });
      expect(expectOk(await earn(user, pid))).toEqual({ pipsEarned: 5, availablePips: 5, url: 'https://example.com/follow' });
      expect(await balances(user)).toEqual({ available: 5, earned: 5, used: 0 });
      const rows = await ledgerRows(user);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ delta: 5, kind: 'promo', source_id: pid, title: { en: 'Follow us', es: 'Síguenos' } });
    });

    it('refuses an earn that would take a balance past 2,147,483,647 pips with a 400, and changes nothing', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, title: 'Big', pips: 5 });
      await givePips(h, user.userId, 2_147_483_645);
      const refused = expectFailure(await earn(user, pid), 400, 'VALIDATION_ERROR');
      expect(refused.error.message).toContain('out of range');
      expect(await balances(user)).toEqual({ available: 2_147_483_645, earned: 2_147_483_645, used: 0 });
      expect(await ledgerRows(user)).toHaveLength(1);
    });

    it('leaves url out when the promo has none', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 2, limit: 'unlimited' });
      expect(expectOk(await earn(user, pid))).toEqual({ pipsEarned: 2, availablePips: 2 });
    });

    it('answers a promo worth no pips with its url, without a ledger row', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 0, url: 'https://example.com/read' });
      expect(expectOk(await earn(user, pid))).toEqual({ pipsEarned: 0, availablePips: 0, url: 'https://example.com/read' });
      expect(expectOk(await earn(user, pid))).toEqual({ pipsEarned: 0, availablePips: 0, url: 'https://example.com/read' });
      expect(await ledgerRows(user)).toEqual([]);
    });

    it('credits a once-only promo once: ALREADY_EARNED after', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 5, limit: 'once' });
      expectOk(await earn(user, pid));
      expectFailure(await earn(user, pid), 409, 'ALREADY_EARNED');
      h.clock.advance(3 * 24 * 3600);
      expectFailure(await earn(user, pid), 409, 'ALREADY_EARNED');
      expect(await balances(user)).toEqual({ available: 5, earned: 5, used: 0 });
      // The limit is per member.
      const other = await verifiedMember(h);
      expect(expectOk(await earn(other, pid))).toMatchObject({ availablePips: 5 });
    });

    it('credits a daily promo once per UTC day, again after midnight', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 3, limit: 'daily' });
      expectOk(await earn(user, pid));
      expectFailure(await earn(user, pid), 409, 'ALREADY_EARNED_TODAY');
      // To the next UTC midnight and a minute past it.
      const now = h.clock.now();
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
      h.clock.advance((midnight - now.getTime()) / 1000 + 60);
      expect(expectOk(await earn(user, pid))).toEqual({ pipsEarned: 3, availablePips: 6 });
      expectFailure(await earn(user, pid), 409, 'ALREADY_EARNED_TODAY');
      const claims = await h.db.selectFrom('earn_claims').select('period').where('user_id', '=', user.userId).orderBy('id').execute();
      expect(claims.map((c) => c.period)).toEqual([new Date(now).toISOString().slice(0, 10), new Date(midnight).toISOString().slice(0, 10)]);
    });

    it('credits an unlimited promo every time', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 4, limit: 'unlimited' });
      for (let i = 1; i <= 3; i++) expect(expectOk(await earn(user, pid)).availablePips).toBe(4 * i);
      expect(await h.db.selectFrom('earn_claims').selectAll().execute()).toEqual([]);
    });

    it('a replay under the same idempotency key returns the first answer and credits once', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 4, limit: 'unlimited', url: 'https://x.example' });
      const first = expectOk(await earn(user, pid, 'key-00000001'));
      expect(first).toEqual({ pipsEarned: 4, availablePips: 4, url: 'https://x.example' });
      expect(expectOk(await earn(user, pid, 'key-00000001'))).toEqual(first);
      expect(expectOk(await earn(user, pid, 'key-00000001'))).toEqual(first);
      expect(await balances(user)).toEqual({ available: 4, earned: 4, used: 0 });
      // A new key is a new earn.
      expect(expectOk(await earn(user, pid, 'key-00000002')).availablePips).toBe(8);
      // The row remembers its key.
      expect((await ledgerRows(user)).map((r) => r.idempotency_key)).toEqual(['key-00000001', 'key-00000002']);
    });

    it('a replay of a once-only earn is answered, not refused; another key gets ALREADY_EARNED', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 5, limit: 'once' });
      const first = expectOk(await earn(user, pid, 'offline-key-1'));
      expect(expectOk(await earn(user, pid, 'offline-key-1'))).toEqual(first);
      expectFailure(await earn(user, pid, 'offline-key-2'), 409, 'ALREADY_EARNED');
      // A failed try leaves its key unused: it still fails the same way (nothing stored).
      expectFailure(await earn(user, pid, 'offline-key-2'), 409, 'ALREADY_EARNED');
      expect(await balances(user)).toEqual({ available: 5, earned: 5, used: 0 });
    });

    it('refuses another promo under a used key (IDEMPOTENCY_KEY_REUSED); keys are per member', async () => {
      const user = await verifiedMember(h);
      const a = await createEarnPromo(h.db, { communityId: h.community.id, pips: 1, limit: 'unlimited' });
      const b = await createEarnPromo(h.db, { communityId: h.community.id, pips: 1, limit: 'unlimited' });
      expectOk(await earn(user, a, 'shared-key-1'));
      expectFailure(await earn(user, b, 'shared-key-1'), 409, 'IDEMPOTENCY_KEY_REUSED');
      const other = await verifiedMember(h);
      expect(expectOk(await earn(other, b, 'shared-key-1'))).toEqual({ pipsEarned: 1, availablePips: 1 });
      expect(await balances(user)).toEqual({ available: 1, earned: 1, used: 0 });
    });

    it('answers NOT_FOUND for unknown, inactive, REDEEM and other-community promos', async () => {
      const user = await verifiedMember(h);
      const inactive = await createEarnPromo(h.db, { communityId: h.community.id, active: false });
      const reward = await createRedeemPromo(h.db, { communityId: h.community.id, options: [{ pips: 5, codes: ['A'] }] });
      const other = await createCommunity(h.db, 'Elsewhere');
      const foreign = await createEarnPromo(h.db, { communityId: other.id });
      for (const pid of [inactive, reward.id, foreign, 999_999]) {
        expectFailure(await earn(user, pid), 404, 'NOT_FOUND');
        expectFailure(await earn(user, pid, `missing-${pid}-key`), 404, 'NOT_FOUND');
      }
      expect(await ledgerRows(user)).toEqual([]);
    });

    it('refuses a promo that leads to a questionnaire: the form pays, so the member is never paid twice', async () => {
      const user = await verifiedMember(h);
      const formId = await createQuestionnaire(h.db, { communityId: h.community.id, pips: 15 });
      const survey = await createEarnPromo(h.db, { communityId: h.community.id, pips: 15, questionnaireId: formId });
      const refused = expectFailure(await earn(user, survey), 404, 'NOT_FOUND');
      expect(refused.error.message).toMatch(/form/);
      expect(await ledgerRows(user)).toEqual([]);
    });

    it('validates pid and the key, and is for verified members', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id });
      expectFailure(await h.call({ method: 'POST', url: '/mobile/earn', form: {}, token: user.authToken }), 400, 'VALIDATION_ERROR');
      expectFailure(await h.call({ method: 'POST', url: '/mobile/earn', form: { pid: 'x' }, token: user.authToken }), 400, 'VALIDATION_ERROR');
      expectFailure(await earn(user, pid, 'short'), 400, 'VALIDATION_ERROR');
      expectFailure(await earn(user, pid, 'bad key with spaces'), 400, 'VALIDATION_ERROR');
      const unverified = await h.register();
      expectFailure(await earn(unverified, pid), 403, 'ACCOUNT_NOT_VERIFIED');
      expect(await h.db.selectFrom('ledger_entries').selectAll().execute()).toEqual([]);
    });

    it('never credits a once-only promo twice under parallel requests', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 5, limit: 'once' });
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => earn(user, pid, i % 2 ? `parallel-${i}` : undefined)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of responses.filter((r) => r.status !== 200)) expectFailure(r, 409, 'ALREADY_EARNED');
      expect(await balances(user)).toEqual({ available: 5, earned: 5, used: 0 });
    });

    it('answers the same replay to parallel requests under one key', async () => {
      const user = await verifiedMember(h);
      const pid = await createEarnPromo(h.db, { communityId: h.community.id, pips: 2, limit: 'unlimited' });
      const responses = await Promise.all(Array.from({ length: 6 }, () => earn(user, pid, 'one-key-many-times')));
      const answers = responses.map((r) => expectOk(r));
      for (const answer of answers) expect(answer).toEqual({ pipsEarned: 2, availablePips: 2 });
      expect(await balances(user)).toEqual({ available: 2, earned: 2, used: 0 });
    });
  });
});
