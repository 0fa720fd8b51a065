import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { Database, LocalizedText } from '../../db/schema';
import { AppError, validationError } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import type { LedgerService } from './ledger';
import type { AuthContext } from './sessions';

export interface RedeemRequest {
  /** The REDEEM promo (`pid`). */
  promoId: number;
  /** One of its options (`optId`). */
  optionId: number;
  /** Always 1 (one gift-card code per redemption). */
  amount?: number;
  idempotencyKey?: string;
}

export interface RedeemResult {
  /** The redemption's id, the `id` of getTransaction. */
  transactionId: number;
  availablePips: number;
}

/** openapi.yaml's GiftCard: one of the member's redemptions. */
export interface GiftCard {
  transactionId: number;
  name: string;
  description: string | null;
  imageUrl: string | null;
  /** The price paid. */
  pips: number;
  date: string;
}

export interface GiftCardPage {
  giftcards: GiftCard[];
  page: number;
  size: number;
  total: number;
}

/** openapi.yaml's Transaction: a gift card with its code, where to claim it and its terms. */
export interface Transaction extends GiftCard {
  /** null when no code was assigned ("No code found, contact support."). */
  code: string | null;
  url: string | null;
  terms: string | null;
}

/**
 * Rewards: redeeming pips for a gift-card code, and the member's gift cards. A redemption debits
 * the price and assigns exactly one unused code in one transaction; without a code nothing is
 * debited.
 */
export interface RewardService {
  redeem(auth: AuthContext, request: RedeemRequest): Promise<RedeemResult>;
  giftCards(auth: AuthContext, page: number, size: number, language: ContentLanguage): Promise<GiftCardPage>;
  transaction(auth: AuthContext, id: number, language: ContentLanguage): Promise<Transaction>;
}

export const outOfStock = () => new AppError('OUT_OF_STOCK', 409, 'No code found, contact support.');
const noSuchReward = () => new AppError('NOT_FOUND', 404, 'No such reward.');
const noSuchTransaction = () => new AppError('NOT_FOUND', 404, 'No such transaction.');

/** What the member sees for a redemption: "<reward> · <option>". */
export const rewardName = (title: LocalizedText, label: LocalizedText, language: ContentLanguage) =>
  `${resolveText(title, language)} · ${resolveText(label, language)}`;

/** The ledger row's title: the reward name in both languages, so Activity can show either. */
const rewardTitle = (title: LocalizedText, label: LocalizedText): LocalizedText => ({
  en: rewardName(title, label, 'en'),
  es: rewardName(title, label, 'es'),
});

export function createRewardService(deps: { db: Kysely<Database>; ledger: LedgerService; now: () => Date }): RewardService {
  const { db, ledger, now } = deps;

  /** The member's redemptions with their reward and option (newest first). */
  const redemptionsOf = (userId: number) =>
    db
      .selectFrom('redemptions as r')
      .innerJoin('promos as p', 'p.id', 'r.promo_id')
      .innerJoin('promo_options as o', 'o.id', 'r.option_id')
      .where('r.user_id', '=', userId);

  const giftCard = (
    row: { id: number; pips: number; created_at: Date; title: LocalizedText; label: LocalizedText; description: LocalizedText | null; image_url: string | null },
    language: ContentLanguage,
  ): GiftCard => ({
    transactionId: row.id,
    name: rewardName(row.title, row.label, language),
    description: resolveText(row.description, language),
    imageUrl: row.image_url,
    pips: row.pips,
    date: row.created_at.toISOString(),
  });

  return {
    async redeem(auth, request) {
      const { promoId, optionId, idempotencyKey } = request;
      if ((request.amount ?? 1) !== 1) throw validationError('amount', 'must be 1');
      return ledger.once(
        { userId: auth.userId, key: idempotencyKey, operation: 'redeem', fingerprint: `pid=${promoId};optId=${optionId}` },
        async (trx) => {
          const option = await trx
            .selectFrom('promo_options as o')
            .innerJoin('promos as p', 'p.id', 'o.promo_id')
            .innerJoin('users as u', 'u.community_id', 'p.community_id')
            .select(['o.pips', 'o.label', 'p.title'])
            .where('o.id', '=', optionId)
            .where('p.id', '=', promoId)
            .where('p.type', '=', 'REDEEM')
            .where('p.active', '=', true)
            .where('u.id', '=', auth.userId)
            .executeTakeFirst();
          if (!option) throw noSuchReward();

          // The ledger row names its redemption, and the redemption its ledger row: take the
          // redemption's id first.
          const { id } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('redemptions', 'id'))::integer as id`
            .execute(trx)
            .then((result) => result.rows[0]);

          // Debit first: the conditional update locks the member's row, so the member's
          // redemptions run one at a time from here and an empty balance fails at once
          // (INSUFFICIENT_PIPS), before any gift-card code is locked.
          const posted = await ledger.post(trx, {
            userId: auth.userId,
            delta: -option.pips,
            kind: 'redeem',
            sourceId: id,
            title: rewardTitle(option.title, option.label),
            idempotencyKey: idempotencyKey ?? null,
          });

          // One free code; codes other transactions hold are skipped, never waited for. None:
          // throwing rolls the debit back.
          const code = await trx
            .selectFrom('gift_card_codes')
            .select('id')
            .where('option_id', '=', optionId)
            .where('redemption_id', 'is', null)
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          if (!code) throw outOfStock();

          await sql`
            insert into redemptions (id, user_id, promo_id, option_id, pips, ledger_entry_id, created_at)
            overriding system value
            values (${id}, ${auth.userId}, ${promoId}, ${optionId}, ${option.pips}, ${posted.entryId}, ${now()})
          `.execute(trx);
          await trx.updateTable('gift_card_codes').set({ redemption_id: id }).where('id', '=', code.id).execute();

          return { transactionId: id, availablePips: posted.availablePips };
        },
      );
    },

    async giftCards(auth, page, size, language) {
      const rows = await redemptionsOf(auth.userId)
        .select(['r.id', 'r.pips', 'r.created_at', 'p.title', 'p.description', 'p.image_url', 'o.label'])
        .orderBy('r.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const { total } = await db
        .selectFrom('redemptions')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where('user_id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      return { giftcards: rows.map((row) => giftCard(row, language)), page, size, total: Number(total) };
    },

    async transaction(auth, id, language) {
      const row = await redemptionsOf(auth.userId)
        .leftJoin('gift_card_codes as c', 'c.redemption_id', 'r.id')
        .select(['r.id', 'r.pips', 'r.created_at', 'p.title', 'p.description', 'p.image_url', 'p.url', 'p.terms', 'o.label', 'c.code'])
        .where('r.id', '=', id)
        .executeTakeFirst();
      if (!row) throw noSuchTransaction();
      return { ...giftCard(row, language), code: row.code, url: row.url, terms: resolveText(row.terms, language) };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    rewards: RewardService;
  }
}

export default fp(
  async (app) => {
    app.decorate('rewards', createRewardService({ db: app.db, ledger: app.ledger, now: app.now }));
  },
  { name: 'rewards', dependencies: ['db', 'core', 'ledger'] },
);
