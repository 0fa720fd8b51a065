import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../../server/errors';
import { createEarnPromo, createEarnQrCode, createRedeemPromo, giftCodes, verifiedMember } from '../../helpers/catalog';
import { backends } from '../../helpers/databases';
import { createHarness, expectOk, type CallResult, type Harness, type TestUser } from '../../helpers/harness';

/**
 * Random interleavings of everything that moves pips (promo earns, QR earns, redemptions,
 * replays under used idempotency keys, operator adjustments, days passing) against a small model
 * of what each call must answer; after every run the ledger invariants must hold:
 * balances = sums over the ledger, never below zero, no key credited twice, Activity and the
 * dashboard showing exactly the ledger.
 */

const DAY = 24 * 3600;
/** A small pool of keys, so keys get reused: by the same request (replay) and by others. */
const KEYS = ['prop-key-0', 'prop-key-1', 'prop-key-2', 'prop-key-3', 'prop-key-4', 'prop-key-5'];

type PromoName = 'unlimited' | 'once';
type QrName = 'once' | 'daily' | 'capped';
type OptionName = 'cheap' | 'pricey' | 'soldOut';

type Op =
  | { type: 'earn'; promo: PromoName; key?: number }
  | { type: 'earnQr'; qr: QrName; key?: number }
  | { type: 'redeem'; option: OptionName; key?: number }
  | { type: 'replay'; nth: number }
  | { type: 'adjust'; delta: number }
  | { type: 'nextDay' };

const keyArb = fc.option(fc.nat({ max: KEYS.length - 1 }), { nil: undefined });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('earn' as const), promo: fc.constantFrom<PromoName>('unlimited', 'once'), key: keyArb }), weight: 3 },
  { arbitrary: fc.record({ type: fc.constant('earnQr' as const), qr: fc.constantFrom<QrName>('once', 'daily', 'capped'), key: keyArb }), weight: 3 },
  { arbitrary: fc.record({ type: fc.constant('redeem' as const), option: fc.constantFrom<OptionName>('cheap', 'pricey', 'soldOut'), key: keyArb }), weight: 3 },
  { arbitrary: fc.record({ type: fc.constant('replay' as const), nth: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('adjust' as const), delta: fc.integer({ min: -30, max: 30 }).filter((d) => d !== 0) }), weight: 1 },
  { arbitrary: fc.constant({ type: 'nextDay' as const }), weight: 1 },
);

const PROMO_PIPS: Record<PromoName, number> = { unlimited: 7, once: 15 };
const QR_PIPS: Record<QrName, number> = { once: 10, daily: 4, capped: 6 };
const QR_CAP = 2;
const PRICES: Record<OptionName, number> = { cheap: 5, pricey: 40, soldOut: 3 };
const STOCK: Record<OptionName, number> = { cheap: 3, pricey: 4, soldOut: 0 };

/** What the model expects of one call: a credit/debit, or one of some error codes. */
type Expected = { ok: true; delta: number } | { ok: false; codes: string[] };

interface Catalog {
  promos: Record<PromoName, number>;
  qr: Record<QrName, { id: number; code: string }>;
  reward: number;
  options: Record<OptionName, number>;
}

interface Model {
  balance: number;
  day: number;
  promoOnceTaken: boolean;
  qrOnceTaken: boolean;
  qrDailyDays: Set<number>;
  cappedDays: Set<number>;
  cappedCount: number;
  stock: Record<OptionName, number>;
  /** key -> the request it was first used for and its answer (only successes store a key). */
  keys: Map<string, { request: string; answer: unknown }>;
  /** Keyed requests that succeeded, for the replay op. */
  keyed: { op: Exclude<Op, { type: 'replay' | 'adjust' | 'nextDay' }>; answer: unknown }[];
}

describe.each(backends)('ledger properties on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    // Runs move the clock by days: keep sessions alive across.
    h = await createHarness(backend, { accessTokenTtlSeconds: 365 * DAY });
  });
  afterAll(async () => {
    await h.close();
  });

  async function seed(): Promise<Catalog> {
    const communityId = h.community.id;
    const reward = await createRedeemPromo(h.db, {
      communityId,
      title: 'Gift card',
      options: [
        { label: 'Cheap', pips: PRICES.cheap, codes: giftCodes(STOCK.cheap, 'CHEAP') },
        { label: 'Pricey', pips: PRICES.pricey, codes: giftCodes(STOCK.pricey, 'PRICEY') },
        { label: 'Sold out', pips: PRICES.soldOut },
      ],
    });
    return {
      promos: {
        unlimited: await createEarnPromo(h.db, { communityId, title: 'Unlimited', pips: PROMO_PIPS.unlimited, limit: 'unlimited' }),
        once: await createEarnPromo(h.db, { communityId, title: 'Once', pips: PROMO_PIPS.once, limit: 'once' }),
      },
      qr: {
        once: await createEarnQrCode(h.db, { communityId, title: 'QR once', pips: QR_PIPS.once, limit: 'once' }),
        daily: await createEarnQrCode(h.db, { communityId, title: 'QR daily', pips: QR_PIPS.daily, limit: 'daily' }),
        capped: await createEarnQrCode(h.db, { communityId, title: 'QR capped', pips: QR_PIPS.capped, limit: 'daily', totalCap: QR_CAP }),
      },
      reward: reward.id,
      options: { cheap: reward.optionIds[0], pricey: reward.optionIds[1], soldOut: reward.optionIds[2] },
    };
  }

  /** The request an op means (what the server fingerprints), for the model's key table. */
  function requestOf(op: Exclude<Op, { type: 'replay' | 'adjust' | 'nextDay' }>): string {
    if (op.type === 'earn') return `earn:${op.promo}`;
    if (op.type === 'earnQr') return `earnQr:${op.qr}`;
    return `redeem:${op.option}`;
  }

  /** What a fresh (not replayed) request must do in the model's current state. */
  function expectation(model: Model, op: Exclude<Op, { type: 'replay' | 'adjust' | 'nextDay' }>): Expected {
    switch (op.type) {
      case 'earn':
        if (op.promo === 'once' && model.promoOnceTaken) return { ok: false, codes: ['ALREADY_EARNED'] };
        return { ok: true, delta: PROMO_PIPS[op.promo] };
      case 'earnQr':
        if (op.qr === 'once' && model.qrOnceTaken) return { ok: false, codes: ['ALREADY_EARNED'] };
        if (op.qr === 'daily' && model.qrDailyDays.has(model.day)) return { ok: false, codes: ['ALREADY_EARNED_TODAY'] };
        if (op.qr === 'capped' && model.cappedDays.has(model.day)) return { ok: false, codes: ['ALREADY_EARNED_TODAY'] };
        if (op.qr === 'capped' && model.cappedCount >= QR_CAP) return { ok: false, codes: ['QR_CODE_EXHAUSTED'] };
        return { ok: true, delta: QR_PIPS[op.qr] };
      case 'redeem': {
        const short = model.balance < PRICES[op.option];
        const empty = model.stock[op.option] === 0;
        // Both at once: either refusal is right (nothing is debited either way).
        if (short && empty) return { ok: false, codes: ['INSUFFICIENT_PIPS', 'OUT_OF_STOCK'] };
        if (short) return { ok: false, codes: ['INSUFFICIENT_PIPS'] };
        if (empty) return { ok: false, codes: ['OUT_OF_STOCK'] };
        return { ok: true, delta: -PRICES[op.option] };
      }
    }
  }

  function applySuccess(model: Model, op: Exclude<Op, { type: 'replay' | 'adjust' | 'nextDay' }>, delta: number) {
    model.balance += delta;
    if (op.type === 'earn' && op.promo === 'once') model.promoOnceTaken = true;
    if (op.type === 'earnQr' && op.qr === 'once') model.qrOnceTaken = true;
    if (op.type === 'earnQr' && op.qr === 'daily') model.qrDailyDays.add(model.day);
    if (op.type === 'earnQr' && op.qr === 'capped') {
      model.cappedDays.add(model.day);
      model.cappedCount++;
    }
    if (op.type === 'redeem') model.stock[op.option]--;
  }

  async function send(user: TestUser, catalog: Catalog, op: Exclude<Op, { type: 'replay' | 'adjust' | 'nextDay' }>): Promise<CallResult> {
    const idempotencyKey = op.key === undefined ? undefined : KEYS[op.key];
    const token = user.authToken;
    if (op.type === 'earn') {
      return h.call({ method: 'POST', url: '/mobile/earn', form: { pid: catalog.promos[op.promo], idempotencyKey }, token });
    }
    if (op.type === 'earnQr') {
      // Every try scans again: a fresh qrParams token, as the offline queue does.
      const qrParam = `http://pips.test/earn?qr=${catalog.qr[op.qr].code}`;
      const qrToken = expectOk(await h.call({ method: 'POST', url: '/api/tokenize', form: { tokenType: 'qrParams', qrParam }, token })).token;
      return h.call({ method: 'POST', url: '/mobile/earn/qr/post', query: { qrToken, idempotencyKey }, token });
    }
    return h.call({
      method: 'POST',
      url: '/mobile/redeem',
      form: { pid: catalog.reward, optId: catalog.options[op.option], amount: 1, idempotencyKey },
      token,
    });
  }

  async function runRequest(user: TestUser, catalog: Catalog, model: Model, op: Exclude<Op, { type: 'replay' | 'adjust' | 'nextDay' }>) {
    const key = op.key === undefined ? undefined : KEYS[op.key];
    const stored = key === undefined ? undefined : model.keys.get(key);
    const response = await send(user, catalog, op);
    const where = `${JSON.stringify(op)} -> ${response.status} ${response.text}`;
    if (stored) {
      if (stored.request === requestOf(op)) {
        // A replay: the first answer again, nothing moves.
        expect(response.status, where).toBe(200);
        expect(response.body.data, where).toEqual(stored.answer);
      } else {
        expect(response.status, where).toBe(409);
        expect(response.body.error.code, where).toBe('IDEMPOTENCY_KEY_REUSED');
      }
      return;
    }
    const expected = expectation(model, op);
    if (!expected.ok) {
      expect(response.status, where).toBeGreaterThanOrEqual(400);
      expect(response.status, where).toBeLessThan(500);
      expect(expected.codes, where).toContain(response.body.error.code);
      return;
    }
    expect(response.status, where).toBe(200);
    applySuccess(model, op, expected.delta);
    expect(response.body.data.availablePips, where).toBe(model.balance);
    if (key !== undefined) {
      model.keys.set(key, { request: requestOf(op), answer: response.body.data });
      model.keyed.push({ op, answer: response.body.data });
    }
  }

  async function adjust(user: TestUser, model: Model, delta: number) {
    const post = h.db.transaction().execute((trx) =>
      h.app.ledger.post(trx, { userId: user.userId, delta, kind: 'adjustment', sourceId: null, title: 'Adjustment', reason: `Adjusted ${delta}` }),
    );
    if (model.balance + delta < 0) {
      const error = await post.then(
        () => null,
        (e: unknown) => e,
      );
      expect(isAppError(error) && error.code).toBe('INSUFFICIENT_PIPS');
      return;
    }
    expect((await post).availablePips).toBe(model.balance + delta);
    model.balance += delta;
  }

  async function checkInvariants(user: TestUser, catalog: Catalog, model: Model) {
    const rows = await h.db
      .selectFrom('ledger_entries')
      .select(['id', 'delta', 'kind', 'idempotency_key'])
      .where('user_id', '=', user.userId)
      .orderBy('id', 'desc')
      .execute();
    const sum = rows.reduce((total, row) => total + row.delta, 0);
    const earned = rows.filter((row) => row.delta > 0).reduce((total, row) => total + row.delta, 0);
    const used = rows.filter((row) => row.delta < 0).reduce((total, row) => total - row.delta, 0);
    const balances = await h.db
      .selectFrom('users')
      .select(['available_pips', 'total_earned_pips', 'total_used_pips'])
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(balances).toEqual({ available_pips: sum, total_earned_pips: earned, total_used_pips: used });
    expect(sum).toBeGreaterThanOrEqual(0);
    expect(sum).toBe(model.balance);

    // No idempotency key moved pips twice.
    const keys = rows.map((row) => row.idempotency_key).filter((key) => key !== null);
    expect(new Set(keys).size).toBe(keys.length);

    // Activity is the ledger, newest first; the dashboard shows its sums.
    const activity = expectOk(await h.call({ url: '/mobile/dashboard/actions', query: { page: 1, size: 1000 }, token: user.authToken }));
    expect(activity.total).toBe(rows.length);
    expect(activity.actions.map((a: { id: number; pips: number; kind: string; type: string }) => [a.id, a.pips, a.kind, a.type])).toEqual(
      rows.map((row) => [row.id, row.delta, row.kind, row.delta > 0 ? 'EARN' : 'REDEEM']),
    );
    const dashboard = expectOk(await h.call({ url: '/mobile/dashboard', token: user.authToken }));
    expect([dashboard.availablePips, dashboard.totalEarnedPips, dashboard.totalUsedPips]).toEqual([sum, earned, used]);

    // Stock and caps agree with what was handed out.
    const redemptions = await h.db.selectFrom('redemptions').select(['id', 'option_id']).where('user_id', '=', user.userId).execute();
    expect(redemptions.length).toBe(rows.filter((row) => row.kind === 'redeem').length);
    const given = await h.db.selectFrom('gift_card_codes').select(['redemption_id']).where('redemption_id', 'is not', null).execute();
    expect(given.map((g) => g.redemption_id).sort()).toEqual(redemptions.map((r) => r.id).sort());
    for (const option of ['cheap', 'pricey', 'soldOut'] as const) {
      const free = await h.db
        .selectFrom('gift_card_codes')
        .select(sql<string>`count(*)`.as('n'))
        .where('option_id', '=', catalog.options[option])
        .where('redemption_id', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(free.n)).toBe(model.stock[option]);
    }
    const capped = await h.db.selectFrom('earn_qr_codes').select('claims_count').where('id', '=', catalog.qr.capped.id).executeTakeFirstOrThrow();
    expect(capped.claims_count).toBe(model.cappedCount);
  }

  it('keeps balances equal to the ledger through any interleaving of earn, redeem, replay and adjustment', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        await h.reset();
        // Noon UTC, so days change only when the run says so (daily limits are UTC days).
        const now = h.clock.now();
        h.clock.advance((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12) - now.getTime()) / 1000);
        const catalog = await seed();
        const user = await verifiedMember(h);
        const model: Model = {
          balance: 0,
          day: 0,
          promoOnceTaken: false,
          qrOnceTaken: false,
          qrDailyDays: new Set(),
          cappedDays: new Set(),
          cappedCount: 0,
          stock: { ...STOCK },
          keys: new Map(),
          keyed: [],
        };
        for (const op of ops) {
          if (op.type === 'adjust') await adjust(user, model, op.delta);
          else if (op.type === 'nextDay') {
            h.clock.advance(DAY);
            model.day++;
          } else if (op.type === 'replay') {
            if (model.keyed.length === 0) continue;
            const earlier = model.keyed[op.nth % model.keyed.length];
            await runRequest(user, catalog, model, earlier.op);
          } else {
            await runRequest(user, catalog, model, op);
          }
        }
        await checkInvariants(user, catalog, model);
        expect(h.violations).toEqual([]);
      }),
      { numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 10) },
    );
  });
});
